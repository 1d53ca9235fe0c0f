/** First address in X-Forwarded-For (then X-Real-IP), or null. */
export function clientIp(req: Request): string | null {
  const xff = req.headers.get('x-forwarded-for');
  if (xff) {
    const first = xff.split(',')[0]?.trim();
    if (first) return first.slice(0, 100);
  }
  const real = req.headers.get('x-real-ip')?.trim();
  return real ? real.slice(0, 100) : null;
}
