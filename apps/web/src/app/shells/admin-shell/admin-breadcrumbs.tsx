import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type AdminMenuNode, menuTrail } from './admin-menu';

interface AdminBreadcrumbsProps {
  /** The whole menu, so a page the user reached by link still shows where it belongs. */
  nodes: AdminMenuNode[];
}

/** Console home, then the groups and page of the current route; the current step is not a link. */
export function AdminBreadcrumbs({ nodes }: AdminBreadcrumbsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const steps = [{ label: t('Admin console'), path: '/admin' }, ...menuTrail(nodes, pathname)];

  return (
    <Breadcrumb
      className="admin-shell__breadcrumbs"
      items={steps.map((step, index) => ({
        key: `${index}-${step.label}`,
        title: step.path && index < steps.length - 1 ? <Link to={step.path}>{step.label}</Link> : step.label,
      }))}
    />
  );
}
