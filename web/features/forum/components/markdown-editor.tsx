import { Bold, Code, Image, Italic, Link2, List, Quote } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { uploadMessages } from '../../../../contract/messages/upload.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { CookedHtml } from '../../../components/ui/cooked-html.tsx';
import { controlClasses, FormField } from '../../../components/ui/form-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { usePreview } from '../api.ts';
import { useEditorImageUpload } from './editor-image-upload.tsx';
import { useMentionAutocomplete } from './mention-autocomplete.tsx';
import { useCaretAfterChange } from './use-caret.ts';

type Mode = 'write' | 'preview';

/**
 * What a toolbar button does to the selection: wrap it, or prefix each of its lines. `label` and `placeholder`
 * name texts of forumUi, read when used (the language can change).
 */
const actions = [
  { label: 'bold', icon: Bold, wrap: ['**', '**'], placeholder: 'boldText' },
  { label: 'italic', icon: Italic, wrap: ['_', '_'], placeholder: 'italicText' },
  { label: 'code', icon: Code, wrap: ['`', '`'], block: ['```\n', '\n```'], placeholder: 'codeText' },
  { label: 'link', icon: Link2, wrap: ['[', '](https://)'], placeholder: 'linkText' },
  { label: 'quote', icon: Quote, prefix: '> ', placeholder: 'quoteText' },
  { label: 'list', icon: List, prefix: '- ', placeholder: 'listItem' },
] as const;

type Action = (typeof actions)[number];

function apply(action: Action, value: string, start: number, end: number) {
  const selected = value.slice(start, end) || ui[action.placeholder];
  let inserted: string;
  if ('prefix' in action) {
    inserted = selected
      .split('\n')
      .map((line) => action.prefix + line)
      .join('\n');
  } else {
    const [open, close] = 'block' in action && selected.includes('\n') ? action.block : action.wrap;
    inserted = open + selected + close;
  }
  return { text: value.slice(0, start) + inserted + value.slice(end), caret: start + inserted.length };
}

/**
 * The forum's Markdown editor: a toolbar, and Write / Preview tabs. Preview asks the server, so what it
 * shows is exactly what will be stored (one renderer). Loaded only with the forum's own chunks.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  rows = 7,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  rows?: number;
  name?: string;
}) {
  const id = useDomId();
  const [mode, setMode] = useState<Mode>('write');
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const preview = usePreview();
  const images = useEditorImageUpload({ textarea, value, onChange });
  const mention = useMentionAutocomplete({ textarea, value, onChange });
  const placeCaret = useCaretAfterChange(textarea);

  const show = (next: Mode) => {
    setMode(next);
    if (next === 'preview' && value.trim()) preview.mutate(value);
  };

  const run = (action: Action) => {
    const el = textarea.current;
    if (!el) return;
    const { text, caret } = apply(action, value, el.selectionStart, el.selectionEnd);
    placeCaret(text, caret);
    onChange(text);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Tabs
          id={`${id}-mode`}
          label={ui.editorMode}
          value={mode}
          options={{ write: ui.write, preview: ui.preview }}
          onChange={show}
        />
        {mode === 'write' && (
          <div role="toolbar" aria-label={ui.formatting} className="flex flex-wrap gap-0.5">
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                aria-label={ui[action.label]}
                title={ui[action.label]}
                onClick={() => run(action)}
                className="grid size-8 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
              >
                <action.icon className="size-4" aria-hidden="true" />
              </button>
            ))}
            <button
              type="button"
              aria-label={ui.image}
              title={ui.imageTitle}
              onClick={images.pick}
              className="grid size-8 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            >
              <Image className="size-4" aria-hidden="true" />
            </button>
            {images.input}
          </div>
        )}
      </div>
      <div {...tabPanelProps(`${id}-mode`, mode)}>
        {mode === 'write' ? (
          <FormField
            label={label}
            error={error}
            hint={images.uploading ? uploadMessages.uploading : ui.markdownHint}
          >
            {(control) => (
              <div className="relative">
                <textarea
                  {...control}
                  {...mention.inputProps}
                  ref={textarea}
                  name={name}
                  rows={rows}
                  value={value}
                  onChange={(e) => {
                    onChange(e.target.value);
                    mention.track(e);
                  }}
                  onBlur={() => {
                    mention.close();
                    onBlur?.();
                  }}
                  {...images.handlers}
                  className={cn(controlClasses, 'h-auto min-h-24 resize-y py-2.5 font-mono leading-relaxed')}
                />
                {mention.list}
              </div>
            )}
          </FormField>
        ) : (
          <div className="min-h-24 rounded-xl border border-line px-3.5 py-2.5" aria-live="polite">
            {!value.trim() ? (
              <p className="text-sm text-muted">{ui.nothingToPreview}</p>
            ) : preview.isPending ? (
              <Skeleton className="h-16 w-full" />
            ) : preview.isError ? (
              <p className="text-sm text-danger">{errorMessage(preview.error, ui.previewFailed)}</p>
            ) : (
              <CookedHtml html={preview.data?.html ?? ''} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The editor as a react-hook-form field: the forum's thread, reply and edit forms all write `content` with it. */
export function MarkdownField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  label,
  rows,
}: {
  control: Control<T, C, O>;
  name: Path<T>;
  label: string;
  rows?: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MarkdownEditor
          label={label}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          rows={rows}
        />
      )}
    />
  );
}
