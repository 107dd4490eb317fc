import { Button, Space } from 'antd';
import { ReasonAction } from './reason-action';

/**
 * What an operator may do to one of a mirror's objects, as data: which actions a row offers, how
 * each is labelled, which take service away, and how each is confirmed. The row's buttons, the
 * drawer's and the reason dialog all read it, so they cannot disagree.
 */
export interface MirrorActions<Row, Action extends string> {
  /** The row's first button, which opens its drawer ("Events", "Phases"), named for the row. */
  open: { label: string; ariaLabel: (row: Row) => string };
  /** The actions the row offers now (fewer, or none, once Stripe takes no more). */
  offered: (row: Row) => Action[];
  /** The most a row offers at once: the actions column is as wide as their labels. */
  widest: readonly Action[];
  label: (action: Action) => string;
  /** The row button's accessible name: the action and the object. */
  ariaLabel: (row: Row, action: Action) => string;
  /** Red buttons and a warning: these take service away. */
  dangerous: readonly Action[];
  /** The dialog's title, what the action does, and what is said once it is done. */
  confirm: (row: Row, action: Action) => { title: string; description: string; done?: string };
}

/** What a mirror's drawer gets: the row shown (none, closed) and its actions. */
export interface MirrorDrawerProps<Row, Action extends string> {
  row: Row | null;
  actions: MirrorActions<Row, Action>;
  onClose: () => void;
  onAction: (row: Row, action: Action) => void;
}

/** An action an operator has started on a row: its dialog is open. */
export interface Acting<Row, Action extends string> {
  row: Row;
  action: Action;
}

/**
 * A row's buttons in the list: the one that opens its drawer, then each action it offers, as
 * links named for the row.
 */
export function RowActions<Row, Action extends string>({
  row,
  actions,
  onOpen,
  onAction,
}: {
  row: Row;
  actions: MirrorActions<Row, Action>;
  onOpen: (row: Row) => void;
  onAction: (row: Row, action: Action) => void;
}) {
  return (
    <Space size={0}>
      <Button size="small" type="link" aria-label={actions.open.ariaLabel(row)} onClick={() => onOpen(row)}>
        {actions.open.label}
      </Button>
      {actions.offered(row).map((action) => (
        <Button
          key={action}
          size="small"
          type="link"
          danger={actions.dangerous.includes(action)}
          aria-label={actions.ariaLabel(row, action)}
          onClick={() => onAction(row, action)}
        >
          {actions.label(action)}
        </Button>
      ))}
    </Space>
  );
}

/** The actions the drawer's object offers, as buttons in its header. */
export function DrawerActions<Row, Action extends string>({
  row,
  actions,
  onAction,
}: {
  row: Row;
  actions: MirrorActions<Row, Action>;
  onAction: (row: Row, action: Action) => void;
}) {
  return (
    <Space>
      {actions.offered(row).map((action) => (
        <Button
          key={action}
          danger={actions.dangerous.includes(action)}
          onClick={() => onAction(row, action)}
        >
          {actions.label(action)}
        </Button>
      ))}
    </Space>
  );
}

/** The reason dialog of the action started on a row; `act` makes it (silently). */
export function MirrorActionModal<Row, Action extends string>({
  acting,
  actions,
  act,
  onClose,
}: {
  acting: Acting<Row, Action> | null;
  actions: MirrorActions<Row, Action>;
  act: (row: Row, action: Action, reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const text = acting ? actions.confirm(acting.row, acting.action) : null;
  return (
    <ReasonAction
      action={
        acting && text
          ? {
              title: text.title,
              okText: actions.label(acting.action),
              description: text.description,
              danger: actions.dangerous.includes(acting.action),
            }
          : null
      }
      onSubmit={async (reason) => {
        if (!acting) return undefined;
        await act(acting.row, acting.action, reason);
        return text?.done;
      }}
      onClose={onClose}
    />
  );
}
