import {
  BellOutlined,
  BgColorsOutlined,
  ProjectOutlined,
  SafetyOutlined,
  TagOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Shortcut {
  to: string;
  icon: ComponentType;
  title: string;
  description: string;
}

/** One card per account and team page, each saying what is found there. */
export function AccountShortcuts() {
  const { t } = useTranslation();
  const shortcuts: Shortcut[] = [
    {
      to: '/account/personal/profile',
      icon: UserOutlined,
      title: t('Profile'),
      description: t('Your picture, name and e-mail address'),
    },
    {
      to: '/account/personalization',
      icon: BgColorsOutlined,
      title: t('Personalization'),
      description: t('Language, time zone, theme and date format'),
    },
    {
      to: '/account/security',
      icon: SafetyOutlined,
      title: t('Security'),
      description: t('Password, two-factor sign-in and active sessions'),
    },
    {
      to: '/account/team-manager',
      icon: TeamOutlined,
      title: t('Team members'),
      description: t('Invite people and choose what each may do'),
    },
    {
      to: '/account/project',
      icon: ProjectOutlined,
      title: t('Projects'),
      description: t("Group your team's work and share it with the right people"),
    },
    {
      to: '/account/brand-center',
      icon: TagOutlined,
      title: t('Brand center'),
      description: t('The brand profile the AI features write with'),
    },
    {
      to: '/account/sys-settings',
      icon: BellOutlined,
      title: t('Notifications'),
      description: t('Choose which messages also reach you by e-mail'),
    },
  ];

  return (
    <nav aria-label={t('Shortcuts')}>
      <Row gutter={[16, 16]}>
        {shortcuts.map((shortcut) => (
          <Col key={shortcut.to} xs={24} sm={12} lg={8}>
            <Link to={shortcut.to} style={{ display: 'block', height: '100%' }}>
              <Card hoverable size="small" style={{ height: '100%' }}>
                <Flex gap={12} align="flex-start">
                  <Typography.Text style={{ fontSize: 20, color: 'var(--ant-color-primary)' }}>
                    <shortcut.icon />
                  </Typography.Text>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text strong>{shortcut.title}</Typography.Text>
                    <Typography.Text type="secondary">{shortcut.description}</Typography.Text>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </nav>
  );
}
