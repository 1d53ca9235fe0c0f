/**
 * The limiter's windows are aligned to the clock (`lib/ratelimit`): a minute window ends on the
 * minute, and ten-minute and hour windows end on a minute too. A test that counts N requests into
 * one window and expects the next to be refused fails when the run straddles that end (the next
 * window lets it through). Call this first: it waits, only when needed, until at least `needMs`
 * are left before the next whole minute.
 */
export async function startWellInsideWindow(needMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
