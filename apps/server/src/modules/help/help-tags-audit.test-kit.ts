import {
  createHelpTag,
  DEFAULT_HELP_TAG_STYLE,
  deleteHelpTag,
  putHelpTagStyle,
  updateHelpTag,
} from '@app/contract/help/help-tags';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import type { TestApp } from '../../test/test-app';

/**
 * A valid call of each help-tags admin mutation, for the audit-trail walk
 * (`security/audit-trail.test.ts`): the set-up runs first, the returned call is the one checked.
 */
interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}
type ValidCall = (h: Harness) => Promise<() => Promise<{ status: number; text: string }>>;

let tags = 0;
const body = () => {
  tags += 1;
  return {
    page_path: '/audit',
    element_id: `element-${tags}`,
    enabled: true,
    texts: { en_US: { html: '<p>Help</p>', icon: '' as const } },
  };
};

async function newTag(h: Harness): Promise<string> {
  return (await callEndpoint(h.app, createHelpTag, { as: h.admin, body: body() })).ok().help_tag.id;
}

export const HELP_TAGS_VALID_CALLS: Record<string, ValidCall> = {
  [createHelpTag.id]: async (h) => () => callEndpoint(h.app, createHelpTag, { as: h.admin, body: body() }),
  [updateHelpTag.id]: async (h) => {
    const id = await newTag(h);
    return () => callEndpoint(h.app, updateHelpTag, { as: h.admin, params: { id }, body: body() });
  },
  [deleteHelpTag.id]: async (h) => {
    const id = await newTag(h);
    return () => callEndpoint(h.app, deleteHelpTag, { as: h.admin, params: { id } });
  },
  [putHelpTagStyle.id]: async (h) => () =>
    callEndpoint(h.app, putHelpTagStyle, { as: h.admin, body: DEFAULT_HELP_TAG_STYLE }),
};
