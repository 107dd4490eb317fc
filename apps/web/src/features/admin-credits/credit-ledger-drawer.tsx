import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { seededText } from '../../lib/labels/seeded-labels';
import { creditEntryKindLabel } from '../../widgets/billing-labels/billing-labels';
import { TeamHistoryDrawer, useTeamHistoryPage } from '../../widgets/team-history-drawer/team-history-drawer';
import { formatCredits, signedCredits } from './credit-format';
import { ledgerQuery } from './credits-api';

/** A team's ledger, newest first: every change of its balance with the balance after it. */
export function CreditLedgerDrawer({
  team,
  onClose,
}: {
  team: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const teamId = team?.id ?? '';
  const [page, setPage] = useTeamHistoryPage(teamId);
  const ledger = useQuery({ ...ledgerQuery(teamId, page), enabled: teamId !== '' });
  return (
    <TeamHistoryDrawer
      open={team !== null}
      data={ledger.data}
      loading={ledger.isLoading}
      page={page}
      onPage={setPage}
      title={t('Credit ledger of {{team}}', { team: team?.name ?? '' })}
      onClose={onClose}
      columns={[
        {
          key: 'time',
          title: t('Time'),
          width: 170,
          render: (_, entry) => formatDate(entry.creation_time),
        },
        {
          key: 'kind',
          title: t('Kind'),
          render: (_, entry) => <Tag>{creditEntryKindLabel(entry.kind, t)}</Tag>,
        },
        {
          key: 'amount',
          title: t('Amount'),
          align: 'right',
          render: (_, entry) => (
            <Typography.Text type={entry.amount < 0 ? 'danger' : 'success'}>
              {signedCredits(entry.amount)}
            </Typography.Text>
          ),
        },
        {
          key: 'balance',
          title: t('Balance after'),
          align: 'right',
          render: (_, entry) => formatCredits(entry.balance_after),
        },
        {
          key: 'note',
          title: t('Note'),
          render: (_, entry) =>
            entry.reference_type === 'order' && entry.reference_id ? (
              <Link to={`/admin/order/details?${new URLSearchParams({ id: entry.reference_id })}`}>
                {entry.note ? seededText(entry.note, t) : entry.reference_id}
              </Link>
            ) : (
              seededText(entry.note ?? '', t)
            ),
        },
        { key: 'user', title: t('By'), render: (_, entry) => entry.user?.username ?? '' },
      ]}
    />
  );
}
