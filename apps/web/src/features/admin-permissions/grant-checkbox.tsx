import { Checkbox, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface GrantCheckboxProps {
  role: string;
  target: string;
  code: string;
  /** The grant that gives the role this code, or null. */
  through: string | null;
  readOnly: boolean;
  pending: boolean;
  onToggle: (held: boolean) => void;
}

/** One cell of the matrix: does this role hold this code? */
export function GrantCheckbox({
  role,
  target,
  code,
  through,
  readOnly,
  pending,
  onToggle,
}: GrantCheckboxProps) {
  const { t } = useTranslation();
  const held = through !== null;
  const viaPattern = held && through !== code;
  const hint = readOnly
    ? t('Super admins hold every permission')
    : viaPattern
      ? t('Held through {{grant}}', { grant: through })
      : undefined;

  return (
    <Tooltip title={hint}>
      <Checkbox
        checked={held}
        disabled={readOnly || pending}
        aria-label={t('{{role}} may use {{target}}', { role, target })}
        className={viaPattern ? 'permission-matrix__via-pattern' : undefined}
        onChange={(event) => onToggle(event.target.checked)}
      />
    </Tooltip>
  );
}
