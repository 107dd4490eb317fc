import {
  createHelpTag,
  deleteHelpTag,
  getHelpTagStyle,
  type HelpTagInput,
  type HelpTagStyle,
  listHelpTags,
  putHelpTagStyle,
  updateHelpTag,
} from '@app/contract/help/help-tags';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const helpTagsKey = ['admin', 'help-tags'] as const;

export const helpTagsQuery = (pagePath: string) =>
  queryOptions({
    queryKey: [...helpTagsKey, pagePath],
    queryFn: ({ signal }) =>
      callApi(listHelpTags, { query: pagePath ? { page_path: pagePath } : {}, signal }),
  });

/** Silent: the drawer's form places the server's field messages itself. */
export const saveHelpTag = (id: string | null, body: HelpTagInput) =>
  id === null
    ? callApi(createHelpTag, { body, silent: true })
    : callApi(updateHelpTag, { params: { id }, body, silent: true });

export const removeHelpTag = (id: string) => callApi(deleteHelpTag, { params: { id } });

export const helpStyleKey = ['admin', 'help-tags-style'] as const;

export const helpStyleQuery = () =>
  queryOptions({
    queryKey: helpStyleKey,
    queryFn: ({ signal }) => callApi(getHelpTagStyle, { signal }),
  });

export const saveHelpStyle = (style: HelpTagStyle) => callApi(putHelpTagStyle, { body: style, silent: true });
