import type { Metadata } from 'next';
import { ResearchForm } from '@/components/research/research-form';

export const metadata: Metadata = { title: 'Research' };

export default function ResearchPage() {
  return (
    <>
      <div className="page-head">
        <h1>Submit a strain for research</h1>
        <p>Can&apos;t find a strain? Submit its name — and lab numbers if you have them. A research task drafts a profile, and an editor reviews it before it joins the catalog.</p>
      </div>
      <ResearchForm />
    </>
  );
}
