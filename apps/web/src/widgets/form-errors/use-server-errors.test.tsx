import type { ErrorBody } from '@app/contract/errors';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { FeedbackBridge } from '../../lib/api/feedback-bridge';
import { type FieldMap, useServerErrors } from './use-server-errors';

interface Values {
  email: string;
  confirm: string;
  tags: string[];
  contacts: string[];
}

let show: (error: unknown) => void = () => {};

/** A form with plain fields, a renamed one (`confirm`), a tags list and a list with a field per entry. */
function TestForm({ fieldMap }: { fieldMap?: FieldMap }) {
  const [form] = Form.useForm<Values>();
  show = useServerErrors(form, { fieldMap });
  return (
    <Form<Values> form={form} initialValues={{ contacts: ['a', 'b'] }}>
      <Form.Item name="email" label="E-mail">
        <Input />
      </Form.Item>
      <Form.Item name="confirm" label="Confirm">
        <Input />
      </Form.Item>
      <Form.Item name="tags" label="Tags">
        <Input />
      </Form.Item>
      <Form.List name="contacts">
        {(rows) =>
          rows.map((row) => (
            <Form.Item key={row.key} name={row.name} label={`Contact ${row.name + 1}`}>
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

function mount(fieldMap?: FieldMap) {
  const navigate = vi.fn();
  render(
    // No motion: jsdom fires no transition events.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <FeedbackBridge navigate={navigate} />
        <TestForm fieldMap={fieldMap} />
      </App>
    </ConfigProvider>,
  );
  return { navigate };
}

function refused(status: number, body: Omit<ErrorBody, 'req_id'>): ApiError {
  return new ApiError('http', status, { req_id: 'req-1', ...body }, 'req-1');
}

const invalid = (fields: Record<string, string>) =>
  refused(400, { error_code: 'VALIDATION_ERROR', msg: 'Some fields are not valid', fields });

/** The message antd shows under the field with this label, if any. */
function fieldError(label: string): string | null {
  const item = screen.getByLabelText(label).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}

/** A toast's kind (`warning`, `error`) by its text, once it shows. */
async function toast(text: string): Promise<string | undefined> {
  const title = await screen.findByText(text, { selector: '.ant-message-notice-title' });
  const notice = title.closest('.ant-message-notice');
  return [...(notice?.classList ?? [])].find((name) => name.startsWith('ant-message-notice-'))?.slice(19);
}
const noToast = () => expect(document.querySelector('.ant-message-notice')).toBeNull();

afterEach(async () => {
  for (const button of screen.queryAllByRole('button', { name: 'Close' })) fireEvent.click(button);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

describe('useServerErrors: the one way a form shows a refused call', () => {
  it("puts each field message under the form's field of the same name, and shows nothing else", async () => {
    mount();
    act(() => show(invalid({ email: 'This address is not allowed' })));

    await waitFor(() => expect(fieldError('E-mail')).toBe('This address is not allowed'));
    // Placed on its field, so the general "Some fields are not valid" does not repeat it.
    expect(screen.queryByText('Some fields are not valid')).toBeNull();
    noToast();
  });

  it('maps a server name to the form name where they differ (fieldMap)', async () => {
    mount({ confirm_password: 'confirm' });
    act(() => show(invalid({ confirm_password: 'The two passwords do not match' })));

    await waitFor(() => expect(fieldError('Confirm')).toBe('The two passwords do not match'));
    noToast();
  });

  it('puts a message about one list entry on that entry, or on the list when entries have no field', async () => {
    mount();
    act(() => show(invalid({ 'contacts.1': 'Input exceeds maximum length', 'tags.2': 'Too long a tag' })));

    await waitFor(() => expect(fieldError('Contact 2')).toBe('Input exceeds maximum length'));
    expect(fieldError('Contact 1')).toBeNull();
    expect(fieldError('Tags')).toBe('Too long a tag');
    noToast();
  });

  it('sends a message mapped to a field the form does not show to the shared feedback, not into the void', async () => {
    mount({ team_id: 'team' });
    act(() => show(invalid({ team_id: 'Team not found' })));

    expect(await toast('Team not found')).toBe('warning');
  });

  it('shows the first of several messages that land on one field', async () => {
    mount({ in_app: 'tags', email: 'tags' });
    act(() => show(invalid({ in_app: 'Choose a channel', email: 'Not this one' })));

    await waitFor(() => expect(fieldError('Tags')).toBe('Choose a channel'));
  });

  it("sends a field message the form has no field for to the shared feedback, in the server's words", async () => {
    mount();
    act(() => show(invalid({ email: 'This address is not allowed', token: 'This link has expired' })));

    expect(await toast('This link has expired')).toBe('warning');
    await waitFor(() => expect(fieldError('E-mail')).toBe('This address is not allowed'));
  });

  it('sends a refusal without field messages to the shared feedback as a warning toast', async () => {
    mount();
    act(() => show(refused(401, { error_code: 'UNAUTHORIZED', msg: 'Wrong e-mail or password' })));

    expect(await toast('Wrong e-mail or password')).toBe('warning');
    expect(fieldError('E-mail')).toBeNull();
  });

  it('follows the error catalogue for the rest: a server error opens the dialog with its request id', async () => {
    mount();
    act(() => show(refused(500, { error_code: 'SERVER_ERROR', msg: 'Database unavailable' })));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sorry! Something went wrong...');
    expect(dialog.textContent).toContain('Database unavailable');
    expect(dialog.textContent).toContain('req-1');
  });

  it('follows the error catalogue for an expired session: back to sign-in with the way back', async () => {
    window.history.pushState({}, '', '/account/profile?tab=1');
    const { navigate } = mount();
    act(() => show(refused(401, { error_code: 'BEARER_TOKEN_ERROR', msg: 'Please sign in' })));

    expect(navigate).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/account/profile?tab=1')}`);
    window.history.pushState({}, '', '/');
  });

  it('says the service could not be reached when the call never got an answer', async () => {
    mount();
    act(() => show(new ApiError('network', 0, null, null)));

    expect(await toast('The service could not be reached. Check your connection and try again.')).toBe(
      'error',
    );
  });

  it('says something went wrong for an answer outside the contract or a failure that is no API error', async () => {
    mount();
    act(() => show(new ApiError('invalid_response', 200, null, null)));
    expect(await toast('Sorry! Something went wrong...')).toBe('error');
    act(() => show(new TypeError('x is undefined')));
    await waitFor(() => expect(screen.getAllByText('Sorry! Something went wrong...')).toHaveLength(2));
  });

  it('says nothing about a call the page aborted on purpose', async () => {
    mount();
    act(() => show(new ApiError('aborted', 0, null, null)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    noToast();
  });
});
