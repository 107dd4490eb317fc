import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { roleColumns } from './role-columns';
import { RoleFormModal } from './role-form-modal';
import { type Role, rolesListQuery, useRoleMutations } from './roles-api';
import './roles-page.css';

/** `/admin/user/roles`: roles with how many users hold each; create, rename, delete. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useQuery(rolesListQuery);
  const { create, rename, remove } = useRoleMutations();
  // `null`: no dialog; `undefined` role: a new one.
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const { mutateAsync: removeRole } = remove;
  const columns = useMemo(
    () =>
      roleColumns(t, { onRename: (role) => setEditing({ role }), onDelete: (role) => removeRole(role.code) }),
    [t, removeRole],
  );

  return (
    <>
      <DocumentTitle title={t('Roles')} />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('Roles')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
          {t('New role')}
        </Button>
      </Flex>
      <DataGrid<Role>
        rowData={roles.data?.items}
        columnDefs={columns}
        loading={roles.isPending}
        getRowId={(role) => role.code}
      />
      <RoleFormModal
        // A fresh form per role, so one role's values never show in another's dialog.
        key={editing?.role?.code ?? 'new'}
        open={editing !== null}
        role={editing?.role}
        saving={create.isPending || rename.isPending}
        onSave={({ code, name, description }) =>
          editing?.role
            ? rename.mutateAsync({ code: editing.role.code, name, description })
            : create.mutateAsync({ code, name, description })
        }
        onClose={() => setEditing(null)}
      />
    </>
  );
}
