import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';

/**
 * Rich text (TipTap): paragraphs, headings, lists, bold/italic/underline/strike and https links.
 * The server sanitises the HTML on save and the player site again on render. Loaded lazily.
 */
export const RichEditor = ({
  value,
  onChange,
  label,
  disabled = false,
  testId,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}) => {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false, protocols: ['https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class:
          'min-h-32 px-3 py-2 text-sm focus:outline-none [&_h2]:font-semibold [&_h2]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-accent [&_a]:underline [&_p]:my-1',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A different article or language loaded into the same editor.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h2: e.isActive('heading', { level: 2 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
          }
        : null,
  });
  if (!editor) return <div className="min-h-40 rounded-md border border-line bg-surface" />;
  const chain = () => editor.chain().focus();
  const tools = [
    { key: 'bold', icon: Bold, on: state?.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', icon: Italic, on: state?.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', icon: Underline, on: state?.underline, run: () => chain().toggleUnderline().run() },
    { key: 'strike', icon: Strikethrough, on: state?.strike, run: () => chain().toggleStrike().run() },
    { key: 'heading', icon: Heading2, on: state?.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'bullets', icon: List, on: state?.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'numbers', icon: ListOrdered, on: state?.ordered, run: () => chain().toggleOrderedList().run() },
    {
      key: 'link',
      icon: Link2,
      on: state?.link,
      run: () => {
        if (editor.isActive('link')) return chain().unsetLink().run();
        const href = window.prompt(t('editor.linkPrompt'), 'https://');
        if (href && /^(https:\/\/|mailto:|tel:)/.test(href))
          chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
    { key: 'undo', icon: Undo2, on: false, run: () => chain().undo().run() },
    { key: 'redo', icon: Redo2, on: false, run: () => chain().redo().run() },
  ];
  return (
    <div
      className={cx('rounded-md border border-line bg-surface', disabled && 'opacity-60')}
      data-testid={testId}
    >
      {!disabled && (
        <div className="flex flex-wrap gap-0.5 border-line border-b p-1">
          {tools.map(({ key, icon: Icon, on, run }) => (
            <button
              key={key}
              type="button"
              title={t(`editor.${key}`)}
              aria-label={t(`editor.${key}`)}
              aria-pressed={on}
              onClick={run}
              className={cx('rounded p-1.5 hover:bg-surface-2', on && 'bg-surface-2 text-accent')}
            >
              <Icon className="size-4" />
            </button>
          ))}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
};
