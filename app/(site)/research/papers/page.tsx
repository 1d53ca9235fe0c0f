import type { Metadata } from 'next';
import { PapersBrowser } from '@/components/research/papers-browser';

export const metadata: Metadata = { title: 'Research papers' };

export default function PapersPage() {
  return (
    <>
      <div className="page-head">
        <h1>Research papers</h1>
        <p>
          Published studies on cannabis terpenes and cannabinoids. Search titles and abstracts, or narrow by terpene, cannabinoid, effect, study type, years — or a strain&apos;s
          leading terpenes.
        </p>
      </div>
      <PapersBrowser />
    </>
  );
}
