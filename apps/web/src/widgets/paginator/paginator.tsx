import { EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_GROUP, pageCount, pageItems } from './page-group';
import { PageSizeSelect } from './page-size-select';
import './paginator.css';

export interface PaginatorProps {
  total: number;
  page: number;
  pageSize: number;
  /** A new size always goes back to page 1: the old page number points at other rows now. */
  onChange: (page: number, pageSize: number) => void;
  /** Page buttons around the current one; made odd (spec section 9). */
  pageGroupSize?: number;
}

/**
 * The list paginator of spec sections 5 and 9. Built from antd buttons and select rather than
 * antd's Pagination, whose pager only knows windows of 3 or 5 pages while the spec's page group
 * defaults to 1 and may be any odd number.
 */
export function Paginator({
  total,
  page,
  pageSize,
  onChange,
  pageGroupSize = DEFAULT_PAGE_GROUP,
}: PaginatorProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const go = (next: number) => {
    if (next !== current) onChange(next, pageSize);
  };

  return (
    <nav className="paginator" aria-label={t('Pagination')}>
      <span className="paginator__total">{t('Total {{total}}', { total })}</span>
      <Button
        size="small"
        icon={<LeftOutlined aria-hidden />}
        aria-label={t('Previous page')}
        disabled={current <= 1}
        onClick={() => go(current - 1)}
      />
      {pageItems(current, pages, pageGroupSize).map((item) =>
        item.type === 'page' ? (
          <Button
            key={item.page}
            className="paginator__page"
            size="small"
            type={item.page === current ? 'primary' : 'default'}
            aria-current={item.page === current ? 'page' : undefined}
            aria-label={t('Page {{page}}', { page: item.page })}
            onClick={() => go(item.page)}
          >
            {item.page}
          </Button>
        ) : (
          <Button
            key={item.type}
            size="small"
            type="text"
            icon={<EllipsisOutlined aria-hidden />}
            aria-label={item.type === 'jump-prev' ? t('Previous pages') : t('Next pages')}
            onClick={() => go(item.page)}
          />
        ),
      )}
      <Button
        size="small"
        icon={<RightOutlined aria-hidden />}
        aria-label={t('Next page')}
        disabled={current >= pages}
        onClick={() => go(current + 1)}
      />
      <PageSizeSelect pageSize={pageSize} onChange={(size) => onChange(1, size)} />
    </nav>
  );
}
