import type { Metadata } from 'next';
import { SignInCard } from '@/components/sign-in-card';
import { ChatView } from '@/components/chat/chat-view';

export const metadata: Metadata = { title: 'Assistant' };

export default function ChatPage() {
  return (
    <>
      <div className="page-head">
        <h1>Ask the assistant</h1>
        <p>
          Answers come only from the catalog, the terpene table, the research papers and your saved notebooks, through
          <code className="mono"> POST /chat</code>; every source it used is linked under the answer. Attach up to four photos of labels or receipts.
        </p>
      </div>
      <SignInCard />
      <ChatView />
    </>
  );
}
