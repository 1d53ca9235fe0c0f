import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { NotebookBuilder } from '@/components/notebook/notebook-builder';

export const metadata: Metadata = { title: 'Notebook' };

export default function NotebookPage() {
  return (
    <>
      <div className="page-head">
        <h1>Purchase notebook</h1>
        <p>
          Build an order from the catalog, choose the analyses you want and watch each section stream in live from
          <code className="mono"> POST /notebooks/stream/batch</code>. Charts marked “computed” are drawn right here in the browser.
        </p>
      </div>
      <SignInCard />
      <NotebookBuilder />
    </>
  );
}
