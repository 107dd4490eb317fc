import { Alert, App } from 'antd';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';

/** How a change to the mirror (or to Stripe through it) asks to be confirmed. */
export interface ReasonActionText {
  title: string;
  okText: string;
  /** What the change does, read above the reason. */
  description: string;
  /** Red OK button and a warning: the change takes service away. */
  danger?: boolean;
}

/**
 * A change to one of Stripe's objects that an operator must give a reason for: what it does in an
 * alert (a warning when it takes service away), the reason required, the server's refusal on the
 * form; once it is made, what it resolved to is said.
 */
export function ReasonAction({
  action,
  onSubmit,
  onClose,
}: {
  /** The change being confirmed; none, closed. */
  action: ReasonActionText | null;
  /** Makes the change with the reason (silently); the text it resolves to is said once it is made. */
  onSubmit: (reason: string) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  return (
    <ReasonModal<ReasonValues>
      open={action !== null}
      title={action?.title ?? ''}
      okText={action?.okText ?? ''}
      danger={action?.danger}
      description={
        action ? (
          <Alert type={action.danger ? 'warning' : 'info'} showIcon title={action.description} />
        ) : null
      }
      onSubmit={async ({ reason }) => {
        const done = await onSubmit(reason);
        if (done) void message.success(done);
      }}
      onClose={onClose}
    />
  );
}
