import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatView, citationHref } from '@/components/chat/chat-view';
import { Markdown } from '@/components/chat/markdown';
import { StoriesView } from '@/components/stories/stories-view';

describe('chat and stories pages', () => {
  it('renders the assistant markdown (tables, lists, bold) as elements, never as HTML', () => {
    const html = renderToStaticMarkup(
      createElement(Markdown, { text: '| | **A** | **B** |\n|---|---|---|\n| THC | 18% | 20% |\n\n- one\n- **two**\n\n<script>x</script> and *it*' }),
    );
    expect(html).toContain('<th scope="col"><strong>A</strong></th>');
    expect(html).toContain('<th scope="row">THC</th><td>18%</td><td>20%</td>');
    expect(html).toContain('<li><strong>two</strong></li>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt; and <em>it</em>');
  });

  it('links citations to the strain and paper pages', () => {
    expect(citationHref({ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' })).toBe('/strains/blue-dream');
    expect(citationHref({ kind: 'paper', id: 'russo-2011', title: 'Taming THC' })).toBe('/research/papers/russo-2011');
    expect(citationHref({ kind: 'notebook', id: 'x', title: 'n' })).toBe('/notebook');
  });

  it('server-renders the chat (useChat) and stories views with their accessible landmarks', () => {
    const chat = renderToStaticMarkup(createElement(ChatView));
    expect(chat).toContain('aria-label="Conversations"');
    expect(chat).toContain('role="log"');
    expect(chat).toContain('<label for="chat-input">Message</label>');
    expect(chat).toContain('accept="image/jpeg,image/png,image/webp,image/*"');
    const stories = renderToStaticMarkup(createElement(StoriesView));
    expect(stories).toContain('aria-busy="true"');
  });
});
