import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { StoriesView } from '@/components/stories/stories-view';

export const metadata: Metadata = { title: 'Strain of the day' };

export default function StoriesPage() {
  return (
    <>
      <div className="page-head">
        <h1>Strain of the day</h1>
        <p>
          One story a day, the same for everyone, from <code className="mono">GET /stories/daily</code>: a popular, well-documented strain drawn by the date, never repeated within
          a month.
        </p>
      </div>
      <SignInCard />
      <StoriesView />
    </>
  );
}
