import { ProjectOutlined } from '@ant-design/icons';
import type {
  acceptProjectInvite,
  previewProjectInvite,
} from '@app/contract/account/projects/project-members';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { projectRoleLabel } from '../../lib/labels/team-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AcceptInvite, type InviteScope } from '../../widgets/invites/accept-invite';
import { InvitePageLayout } from './invite-page-layout';
import { acceptProjectInviteOf, accountProjectsKey, previewProjectInviteOf } from './projects-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;
type ProjectInviteScope = InviteScope<
  EndpointResponse<typeof previewProjectInvite>,
  EndpointResponse<typeof acceptProjectInvite>
>;

/**
 * A project invite. Its page is public: the preview needs a signed-in caller (it answers whether
 * the invite is addressed to them), so a signed-out visitor is asked to sign in or sign up first.
 */
function projectScope(t: Translate): ProjectInviteScope {
  return {
    queryKey: (token) => [...accountProjectsKey, 'invite-preview', token],
    preview: previewProjectInviteOf,
    accept: acceptProjectInviteOf,
    icon: <ProjectOutlined aria-hidden />,
    signedOut: {
      title: t('You are invited to a project'),
      subTitle: t(
        'Sign in with the e-mail address the invitation was sent to, to see the project and join it. New here? Create an account with that address.',
      ),
    },
    offer: (invite) => {
      const role = projectRoleLabel(invite.role, t);
      const date = formatDate(invite.expires_at, DATE_FORMATS.date);
      return {
        title: t('Join {{name}}', { name: invite.project_name }),
        subTitle: invite.inviter_name
          ? t(
              '{{name}} invited you to this project of {{team}} as {{role}}. The invitation is valid until {{date}}.',
              { name: invite.inviter_name, team: invite.team_name, role, date },
            )
          : t(
              'You were invited to this project of {{team}} as {{role}}. The invitation is valid until {{date}}.',
              { team: invite.team_name, role, date },
            ),
      };
    },
    alreadyMember: (invite) => ({
      title: t('You are already a member of {{name}}', { name: invite.project_name }),
      to: '/account/project',
      action: t('Open projects'),
    }),
    // Someone already in the project's team is switched to it: the shared page refreshes every query.
    joined: ({ project }) => ({
      text: t('You joined the project {{name}}', { name: project.name }),
      to: `/account/project/${encodeURIComponent(project.id)}`,
    }),
  };
}

/** `/projects/accept-invite?token=`, a public page outside every shell: the shared invite page. */
export function AcceptProjectInvitePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <InvitePageLayout>
      <DocumentTitle title={t('Project invitation')} />
      <AcceptInvite scope={projectScope(t)} token={searchParams.get('token')?.trim() ?? ''} />
    </InvitePageLayout>
  );
}
