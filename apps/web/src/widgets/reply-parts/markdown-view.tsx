import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * A reply's markdown (commentary and markdown tables), GitHub-flavoured and sanitised: nothing a
 * model writes becomes script, style or a frame. Imported only through `Markdown`'s lazy boundary.
 */
export function MarkdownView({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {text}
      </Markdown>
    </div>
  );
}
