'use client';

import { useRouter } from 'next/navigation';
import { apiData } from '@/lib/client/api';

export function SignOutButton() {
  const router = useRouter();
  return (
    <button type="button" className="btn btn-small" onClick={() => void apiData('/admin/session', { method: 'DELETE' }).finally(() => router.refresh())}>
      Sign out
    </button>
  );
}
