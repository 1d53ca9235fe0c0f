/**
 * Image prompts are built from the record alone (no randomness, no clock) so a record's prompt
 * is stable and the content-addressed image it names is generated once.
 */
export interface BlogPostForPrompt {
  title: string;
  excerpt: string;
  tags: string[];
}

export interface ProblemForPrompt {
  title: string;
  description: string;
}

const STYLE =
  'Abstract botanical illustration, soft gradients and organic shapes, muted natural palette, no text, no letters, no logos, no people, no smoke. Keep the horizontal centre band calm and uncluttered so a headline can sit over it.';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export function blogImagePrompt(post: BlogPostForPrompt): string {
  const tags = post.tags.length ? ` Motifs: ${post.tags.slice(0, 6).join(', ')}.` : '';
  return `Editorial hero image (16:9) for a cannabis education article titled "${clip(post.title, 160)}". Theme: ${clip(post.excerpt, 300)}.${tags} ${STYLE}`;
}

export function problemImagePrompt(problem: ProblemForPrompt): string {
  return `Illustration (4:3) for an app landing card about the problem "${clip(problem.title, 120)}": ${clip(problem.description, 300)} Friendly and reassuring mood. ${STYLE}`;
}
