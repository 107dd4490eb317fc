import { LinkOutlined } from '@ant-design/icons';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Tooltip } from 'antd';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './help-html-editor.css';

interface HelpHtmlEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}

/** Tiptap's empty document, saved as nothing. */
const EMPTY = '<p></p>';

/**
 * The rich-text editor (TipTap, as the chat's report) for one language's help HTML; its own
 * chunk, loaded when the drawer opens. What it produces is sanitised again by the server.
 */
export function HelpHtmlEditor({ value = '', onChange, label }: HelpHtmlEditorProps) {
  const { t } = useTranslation();
  const [editor] = useState(
    () =>
      new Editor({
        element: null,
        extensions: [StarterKit.configure({ link: { openOnClick: false } })],
        content: value,
        editorProps: {
          attributes: {
            role: 'textbox',
            'aria-multiline': 'true',
            'aria-label': label,
            class: 'help-html-editor__text',
          },
        },
      }),
  );
  const host = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      editor.mount(element);
      return () => editor.unmount();
    },
    [editor],
  );
  useEffect(() => {
    const changed = () => {
      const html = editor.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    };
    editor.on('update', changed);
    return () => {
      editor.off('update', changed);
    };
  }, [editor, onChange]);
  const subscribe = useCallback(
    (done: () => void) => {
      editor.on('transaction', done);
      return () => {
        editor.off('transaction', done);
      };
    },
    [editor],
  );
  const state = useSyncExternalStore(subscribe, () => editor.state);
  const active = (name: string, attrs?: Record<string, unknown>) => state && editor.isActive(name, attrs);

  const link = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('Link address'), previous ?? 'https://');
    if (href === null) return;
    if (href === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };
  const tool = (key: string, text: ReactNode, title: string, on: boolean, run: () => void) => (
    <Tooltip key={key} title={title}>
      <Button
        size="small"
        type={on ? 'primary' : 'default'}
        aria-label={title}
        aria-pressed={on}
        onClick={run}
      >
        {text}
      </Button>
    </Tooltip>
  );
  return (
    <div className="help-html-editor">
      <Flex gap={4} wrap className="help-html-editor__toolbar">
        {tool('bold', 'B', t('Bold'), active('bold'), () => editor.chain().focus().toggleBold().run())}
        {tool('italic', 'I', t('Italic'), active('italic'), () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool('h3', 'H', t('Heading'), active('heading', { level: 3 }), () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bullets', '•', t('Bulleted list'), active('bulletList'), () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('numbers', '1.', t('Numbered list'), active('orderedList'), () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('link', <LinkOutlined aria-hidden />, t('Link'), active('link'), link)}
      </Flex>
      <div ref={host} />
    </div>
  );
}
