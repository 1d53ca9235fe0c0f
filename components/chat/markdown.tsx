import { Fragment, type ReactNode } from 'react';

/** Inline **bold** and *italic*. */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(m[1] !== undefined ? <strong key={`${key}-b${i++}`}>{m[1]}</strong> : <em key={`${key}-i${i++}`}>{m[2]}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/**
 * The small markdown the assistant and the stories write: paragraphs, bullet and numbered lists,
 * pipe tables, bold and italic. Text only (no HTML is ever interpreted).
 */
export function Markdown({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, bi) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '');
        const key = `b${bi}`;
        if (lines.length && lines.every((l) => l.trim().startsWith('|'))) {
          const [head, , ...rows] = lines;
          return (
            <div className="table-wrap" key={key}>
              <table>
                <thead>
                  <tr>
                    {cells(head).map((c, i) => (
                      <th key={i} scope="col">
                        {inline(c, `${key}h${i}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, ri) => (
                    <tr key={ri}>
                      {cells(r).map((c, i) =>
                        i === 0 ? (
                          <th key={i} scope="row">
                            {inline(c, `${key}r${ri}c${i}`)}
                          </th>
                        ) : (
                          <td key={i}>{inline(c, `${key}r${ri}c${i}`)}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        if (lines.length && lines.every((l) => /^\s*[-*] /.test(l))) {
          return (
            <ul key={key}>
              {lines.map((l, i) => (
                <li key={i}>{inline(l.replace(/^\s*[-*] /, ''), `${key}l${i}`)}</li>
              ))}
            </ul>
          );
        }
        if (lines.length && lines.every((l) => /^\s*\d+\. /.test(l))) {
          return (
            <ol key={key}>
              {lines.map((l, i) => (
                <li key={i}>{inline(l.replace(/^\s*\d+\. /, ''), `${key}l${i}`)}</li>
              ))}
            </ol>
          );
        }
        return (
          <p key={key}>
            {lines.map((l, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {inline(l, `${key}p${i}`)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
