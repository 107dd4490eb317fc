import { LockOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from '../../lib/labels/access-labels';
import { roleNameLabel } from '../../lib/labels/seeded-labels';
import { GrantCheckbox } from './grant-checkbox';
import { heldThrough, isOpenCode, SUPER_ADMIN_ROLE } from './grants';
import type { MatrixRow } from './matrix-rows';
import type { GrantChange, PermissionMatrix } from './permissions-api';

interface MatrixTableProps {
  rows: MatrixRow[];
  roles: PermissionMatrix['roles'];
  grants: PermissionMatrix['grants'];
  /** `role code` of the cell being saved. */
  pending: string | null;
  onToggle: (change: GrantChange) => void;
  targetTitle: string;
}

/** Pages or APIs down, roles across; a checkbox where a role may hold the code. */
export function MatrixTable({ rows, roles, grants, pending, onToggle, targetTitle }: MatrixTableProps) {
  const { t } = useTranslation();

  const roleColumns: TableColumnsType<MatrixRow> = roles.map((role, index) => {
    const readOnly = role.code === SUPER_ADMIN_ROLE;
    return {
      key: role.code,
      align: 'center',
      width: 110,
      title: (
        <Tooltip title={readOnly ? t('Super admins hold every permission') : role.code}>
          <span>
            {roleNameLabel(role.name, t)} {readOnly ? <LockOutlined aria-label={t('Read-only')} /> : null}
          </span>
        </Tooltip>
      ),
      // Open codes need no grant: one cell across every role says so instead of a row of ticks.
      onCell: (row) => (isOpenCode(row.code) ? { colSpan: index === 0 ? roles.length : 0 } : {}),
      render: (_, row) => {
        if (isOpenCode(row.code)) {
          return (
            <Typography.Text type="secondary">
              {row.code === 'public'
                ? t('Open to everyone, no grant needed')
                : row.code === 'signed_in'
                  ? t('Any signed-in user, no grant needed')
                  : t('Anyone who may open an admin page, no grant needed')}
            </Typography.Text>
          );
        }
        return (
          <GrantCheckbox
            role={roleNameLabel(role.name, t)}
            target={row.target}
            code={row.code}
            through={heldThrough(grants[role.code], row.code)}
            readOnly={readOnly}
            pending={pending === `${role.code} ${row.code}`}
            onToggle={(held) => onToggle({ role: role.code, code: row.code, held })}
          />
        );
      },
    };
  });

  const columns: TableColumnsType<MatrixRow> = [
    {
      key: 'target',
      title: targetTitle,
      fixed: 'left',
      width: 260,
      render: (_, row) => (
        <>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{row.target}</Typography.Text>
          {row.summary ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {row.summary}
            </Typography.Paragraph>
          ) : null}
        </>
      ),
    },
    {
      key: 'code',
      title: t('Code'),
      width: 210,
      render: (_, row) =>
        isOpenCode(row.code) ? (
          <Tag>{permissionLabel(row.code, t)}</Tag>
        ) : (
          <Typography.Text code>{row.code}</Typography.Text>
        ),
    },
    ...roleColumns,
  ];

  return (
    <Table<MatrixRow>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      sticky
      scroll={{ x: 470 + roles.length * 110 }}
      locale={{ emptyText: t('Nothing matches the search') }}
    />
  );
}
