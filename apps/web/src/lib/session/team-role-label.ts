type Translate = (msgid: string) => string;

/** A team role as people read it; a role this build does not know is shown as the server sent it. */
export function teamRoleLabel(role: string, t: Translate): string {
  switch (role) {
    case 'owner':
      return t('Owner');
    case 'admin':
      return t('Admin');
    case 'member':
      return t('Member');
    default:
      return role;
  }
}
