import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { DeepResearch } from '@/components/research/deep-research';

export const metadata: Metadata = { title: 'Deep research' };

export default function DeepResearchPage() {
  return (
    <>
      <div className="page-head">
        <h1>Deep research</h1>
        <p>
          Ask a question about strains, terpenes or cannabinoids. A background task plans the searches, reads the research papers, the strain catalog and your own menu scans, and
          writes a short report in which every claim cites its source — with live progress by stage.
        </p>
      </div>
      <SignInCard />
      <DeepResearch />
    </>
  );
}
