import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Links open in a new tab and tell the target nothing; react-markdown's default URL filter already drops
// `javascript:` and other unsafe protocols. Raw HTML from the model is never rendered (no rehype-raw).
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-indigo-700 underline">
      {children}
    </a>
  ),
  img: ({ alt }) => <span>{alt}</span>,
};

/** An answer's Markdown (GitHub flavour: tables, lists, code), rendered safely. */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown space-y-2 text-sm leading-relaxed text-slate-800 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h3]:mt-3 [&_h3]:font-semibold [&_hr]:my-3 [&_hr]:border-slate-200 [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_table]:text-left [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
