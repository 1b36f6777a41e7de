// The package ships no types: its one export is a markdown-it plugin.
declare module 'markdown-it-task-lists' {
  import type MarkdownIt from 'markdown-it';

  const taskLists: MarkdownIt.PluginWithOptions<{ enabled?: boolean; label?: boolean; labelAfter?: boolean }>;
  export default taskLists;
}
