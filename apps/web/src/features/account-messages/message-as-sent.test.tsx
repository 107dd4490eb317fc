import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import zhCN from '../../../../server/src/modules/i18n/seed/web-messages.zh_CN.json';
import { inboxMessage, inboxServer } from '../../app/testing/messages-test-server';
import { renderApp } from '../../app/testing/render-app';
import { signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { changeLanguage } from '../../lib/i18n/change-language';

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

/** Issue 26: a message reads in the reader's language; the e-mail that went with it keeps its subject as sent. */
describe('/account/messages: the e-mail’s subject as sent', () => {
  afterEach(async () => {
    // Unmounted first, so nothing re-renders in English after the test (see the sign-up test).
    cleanup();
    // Back to English with a server that has no Chinese to give (the stub above answers any language).
    stubFetch();
    await changeLanguage('en_US');
  });

  const messages = () => [
    // Received in English, read now in Chinese: the server rendered it in the reader's language.
    inboxMessage('m1', {
      title: '您的套餐将在 7 天后到期',
      body: '您团队的套餐将于以下日期到期',
      email: { subject: 'Your plan ends in 7 days', as_sent: true },
    }),
    // Mailed in the language it reads in: nothing to say.
    inboxMessage('m2', { title: '欢迎', email: { subject: '欢迎', as_sent: true } }),
    // Never mailed.
    inboxMessage('m3', { title: '维护通知' }),
  ];

  it('says, in the reader’s language, what subject the e-mail went out with when it differs', async () => {
    stubFetch({
      ...inboxServer(messages()).routes,
      'POST /api/babel/text': { body: { version: 1, loc: 'zh_CN', msgstrs: zhCN } },
    });
    await changeLanguage('zh_CN');
    signIn();
    renderApp('/account/messages');

    expect(await screen.findByText('您的套餐将在 7 天后到期', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('邮件发送时的主题：Your plan ends in 7 days')).toBeTruthy();
    expect(screen.getByText('维护通知')).toBeTruthy();
    // Only the first message went out under another subject.
    expect(screen.getAllByText(/邮件发送时的主题/)).toHaveLength(1);
  });

  it('in English the note names the subject as sent', async () => {
    signIn();
    stubFetch(inboxServer(messages()).routes);
    renderApp('/account/messages');

    expect(await screen.findByText('您的套餐将在 7 天后到期', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('As sent by e-mail: Your plan ends in 7 days')).toBeTruthy();
    expect(screen.getAllByText(/As sent by e-mail/)).toHaveLength(1);
  });
});
