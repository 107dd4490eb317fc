import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signIn, TEST_TOKEN } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { clearToken } from '../../lib/cookies';

// Scalar (Vue, canvas-free but heavy) is not for jsdom: the reference shows what it was given.
vi.mock('./api-reference', () => ({
  ApiReference: ({ type, doc }: { type: string; doc: { info?: { title?: string } } }) => (
    <div data-testid="api-reference">{`${type}: ${doc.info?.title ?? ''}`}</div>
  ),
}));

const OPEN_DOC = {
  openapi: '3.0.3',
  info: { title: 'Marketing AI Workspace Open API', version: '1' },
  paths: {
    '/api/account/credits/balance': {
      get: { operationId: 'get_api_account_credits_balance', tags: ['account credits'] },
    },
  },
};

const refusal = (status: number, error_code: string) => ({
  status,
  body: { error_code, msg: error_code, req_id: 'test' },
});

describe('/doc/{type}/apis/{docID?}', () => {
  beforeEach(() => {
    clearToken();
    window.history.replaceState(null, '', '/');
  });

  it('renders the Open API document, without the user_basic stream', async () => {
    const fetch = stubFetch({ 'GET /api/openapi/open': { body: OPEN_DOC } });
    renderApp('/doc/open/apis');
    expect((await screen.findByTestId('api-reference')).textContent).toBe(
      'open: Marketing AI Workspace Open API',
    );
    expect(screen.getByRole('heading', { name: 'API Docs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Whole API' }).getAttribute('href')).toBe('/doc/all/apis');
    expect(fetch.callsTo('GET /api/openapi/open')).toHaveLength(1);
    expect(fetch.callsTo('GET /api/subscriber/msgs/user_basic')).toHaveLength(0);
  });

  it('sends the session token, so staff read the whole API', async () => {
    signIn();
    const fetch = stubFetch({
      'GET /api/openapi/all': { body: { ...OPEN_DOC, info: { title: 'Whole', version: '1' } } },
    });
    renderApp('/doc/all/apis');
    expect((await screen.findByTestId('api-reference')).textContent).toBe('all: Whole');
    expect(fetch.callsTo('GET /api/openapi/all')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${TEST_TOKEN}`,
    );
  });

  it('opens the operation docID names at its Scalar hash', async () => {
    stubFetch({ 'GET /api/openapi/open': { body: OPEN_DOC } });
    renderApp('/doc/open/apis/get_api_account_credits_balance');
    await screen.findByTestId('api-reference');
    expect(window.location.hash).toBe('#tag/account-credits/get_api_account_credits_balance');
  });

  it('asks a signed-out visitor to sign in for the whole API, and comes back', async () => {
    stubFetch({ 'GET /api/openapi/all': refusal(401, 'BEARER_TOKEN_ERROR') });
    renderApp('/doc/all/apis');
    expect(await screen.findByText('Sign in to read the whole API')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?next=%2Fdoc%2Fall%2Fapis',
    );
    expect(screen.queryByTestId('api-reference')).toBeNull();
  });

  it('tells a customer only staff read the whole API and points to the Open API', async () => {
    signIn();
    stubFetch({ 'GET /api/openapi/all': refusal(403, 'FORBIDDEN') });
    renderApp('/doc/all/apis');
    expect(await screen.findByText('Only staff may read the whole API')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the Open API' }).getAttribute('href')).toBe(
      '/doc/open/apis',
    );
  });

  it('says there is no such document for another type, without asking the server', async () => {
    const fetch = stubFetch();
    renderApp('/doc/private/apis');
    expect(await screen.findByText('There is no such API document')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Read the Open API' })).toBeTruthy());
    expect(fetch.requests.filter((request) => request.url.includes('/api/openapi'))).toHaveLength(0);
  });
});
