import type { ProjectRole } from '@app/contract/account/projects/projects';

type Translate = (msgid: string) => string;

/** The invite picker: what each project role may do (docs/decisions.md, project rights). */
export function projectRoleOptions(t: Translate): { value: ProjectRole; label: string }[] {
  return [
    { value: 'member', label: t('Member: works in the project') },
    { value: 'admin', label: t('Admin: also edits the project and manages its members') },
  ];
}
