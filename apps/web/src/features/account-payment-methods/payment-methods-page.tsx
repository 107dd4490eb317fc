import { CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import type { SavedPaymentMethod } from '@app/contract/billing/payment-methods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { leavePage } from '../../widgets/payment-dialog/leave-page';
import {
  confirmSavedCard,
  makeDefaultCard,
  paymentMethodsKey,
  removeCard,
  savedMethodsQuery,
  startSavingCard,
} from './payment-methods-api';
import './payment-methods-page.css';

/**
 * `/account/wallet/payment-method`: the team's saved cards, kept by Stripe (issue 27 item 8). A
 * card is added on Stripe's own page, which charges nothing; coming back, the page asks the
 * server to confirm what Stripe saved (`saved_session`) and the team's first card becomes its
 * default. Where no card can be kept (no Stripe here, or location `cn`) the server says why.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Back from Stripe with a saved card: the list is read once the server has confirmed it (and
  // made the first card the default), not beside the confirm, whose refetch could be lost.
  const methods = useQuery({ ...savedMethodsQuery, enabled: !params.get('saved_session') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey });

  const add = useMutation({
    mutationFn: startSavingCard,
    onSuccess: ({ url }) => leavePage(url),
  });
  const confirm = useMutation({
    mutationFn: confirmSavedCard,
    onSuccess: ({ item }) => void message.success(t('Card saved: {{card}}', { card: item.label })),
    onSettled: () => {
      // Said once: a reload of the page does not confirm the same card again.
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('saved_session');
          return next;
        },
        { replace: true },
      );
      void refresh();
    },
  });
  const makeDefault = useMutation({
    mutationFn: makeDefaultCard,
    onSuccess: ({ item }) =>
      void message.success(t('{{card}} is now the default card', { card: item.label })),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: removeCard,
    onSuccess: () => void message.success(t('The card was removed')),
    onSettled: refresh,
  });

  const savedSession = params.get('saved_session');
  const confirmedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!savedSession || confirmedFor.current === savedSession) return;
    confirmedFor.current = savedSession;
    confirm.mutate(savedSession);
  }, [savedSession, confirm]);

  const data = methods.data;
  const items = data?.items ?? [];
  return (
    <>
      <DocumentTitle title={t('Payment methods')} />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ maxWidth: 720, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Payment methods')}
        </Typography.Title>
        {data?.can_add ? (
          <Button type="primary" icon={<PlusOutlined />} loading={add.isPending} onClick={() => add.mutate()}>
            {t('Add a card')}
          </Button>
        ) : null}
      </Flex>
      <Card style={{ maxWidth: 720 }}>
        {methods.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('The payment methods could not be loaded.')}
            action={
              <Button size="small" onClick={() => void methods.refetch()}>
                {t('Retry')}
              </Button>
            }
          />
        ) : !data || confirm.isPending ? (
          <Skeleton active />
        ) : items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <Typography.Paragraph strong>{t('No saved payment methods yet')}</Typography.Paragraph>
                <Typography.Paragraph type="secondary">
                  {data.reason ??
                    t(
                      'A card you add is kept by Stripe, not by us, and you are not charged when you add it.',
                    )}
                </Typography.Paragraph>
              </>
            }
          />
        ) : (
          <Flex vertical gap={4}>
            <ul className="saved-cards" aria-label={t('Saved cards')}>
              {items.map((card) => (
                <CardRow
                  key={card.id}
                  card={card}
                  others={items.filter((other) => other.id !== card.id && !other.expired)}
                  canManage={data.can_manage}
                  onMakeDefault={() => makeDefault.mutate(card.id)}
                  defaulting={makeDefault.isPending && makeDefault.variables === card.id}
                  onRemove={() => remove.mutateAsync(card.id)}
                />
              ))}
            </ul>
            {data.can_manage ? null : (
              <Typography.Text type="secondary">
                {t("Only the team's owner or an admin can add, choose or remove cards.")}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Card>
    </>
  );
}

interface CardRowProps {
  card: SavedPaymentMethod;
  /** The team's other cards that can still pay (one of them becomes the default if this one goes). */
  others: SavedPaymentMethod[];
  canManage: boolean;
  defaulting: boolean;
  onMakeDefault: () => void;
  onRemove: () => unknown;
}

function CardRow({ card, others, canManage, defaulting, onMakeDefault, onRemove }: CardRowProps) {
  const { t } = useTranslation();
  const next = others[0];
  const plainNote = !card.is_default
    ? t('Stripe forgets this card; you can add it again later.')
    : next
      ? t('It is the default card: {{card}} will be the default instead.', { card: next.label })
      : t('It is the default card, and the team will have no saved card left.');
  // The card a renewal is charged to: what happens to that renewal is said before anything else.
  const renewal = card.renewal_time ? formatDate(card.renewal_time) : null;
  const removeNote = !renewal
    ? plainNote
    : next
      ? t('It pays the plan’s renewal on {{date}}: {{card}} will pay it instead.', {
          date: renewal,
          card: next.label,
        })
      : t(
          'It pays the plan’s renewal on {{date}}: with no card left, that renewal fails and the plan ends with its period.',
          { date: renewal },
        );
  return (
    <li className="saved-cards__row">
      <CreditCardOutlined className="saved-cards__icon" aria-hidden />
      <div className="saved-cards__text">
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{card.label}</Typography.Text>
          {card.is_default ? <Tag color="blue">{t('Default')}</Tag> : null}
          {card.expired ? <Tag color="red">{t('Expired')}</Tag> : null}
        </Flex>
        <Typography.Text type="secondary">
          {[
            card.expire_month ? t('Expires {{month}}', { month: card.expire_month }) : null,
            t('Added {{date}}', { date: formatDate(card.creation_time) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      </div>
      {canManage ? (
        <Flex gap={4} wrap className="saved-cards__actions">
          {card.is_default || card.expired ? null : (
            <Button size="small" type="link" loading={defaulting} onClick={onMakeDefault}>
              {t('Make default')}
            </Button>
          )}
          <ConfirmAction
            size="small"
            type="link"
            danger
            destructive
            title={t('Remove {{card}}?', { card: card.label })}
            description={removeNote}
            okText={t('Remove')}
            onConfirm={onRemove}
          />
        </Flex>
      ) : null}
    </li>
  );
}
