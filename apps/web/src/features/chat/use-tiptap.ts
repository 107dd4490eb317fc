import { Editor, type EditorOptions } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { type RefCallback, useCallback, useState, useSyncExternalStore } from 'react';

/*
 * TipTap bound to React with React's own useSyncExternalStore. @tiptap/react reaches it through
 * the use-sync-external-store shim, which the first load already holds for react-i18next: sharing
 * that module with the editor's chunk made the first load export it, and /login and /sign-up
 * grew. Nothing here needs React node views, the rest of what @tiptap/react offers.
 */

/**
 * One editor for the component's life, made with `options` on first render; `host` is the ref of
 * the element it is drawn in. Unmounted with that element; its text stays with the editor object.
 */
export function useTiptap(options: () => Partial<EditorOptions>): {
  editor: Editor;
  host: RefCallback<HTMLElement>;
} {
  const [editor] = useState(() => new Editor({ ...options(), element: null }));
  const host = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      editor.mount(element);
      return () => editor.unmount();
    },
    [editor],
  );
  return { editor, host };
}

/** The editor's state, re-rendering the caller on every change of text or selection. */
export function useEditorState(editor: Editor): EditorState {
  const subscribe = useCallback(
    (changed: () => void) => {
      editor.on('transaction', changed);
      return () => {
        editor.off('transaction', changed);
      };
    },
    [editor],
  );
  return useSyncExternalStore(subscribe, () => editor.state);
}
