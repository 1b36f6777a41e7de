import { Languages, Lightbulb, Moon, Palette, Settings, Sun, UserPen } from 'lucide-react';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import type { Me } from '../../../../contract/me.ts';
import { languageMessages } from '../../../../contract/shell-messages.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { formatDateShort } from '../../../lib/format.ts';
import { siteLocaleName, siteLocales, useActiveLocale } from '../../../lib/locale.ts';
import { useMe } from '../../../lib/session.ts';
import { useTheme } from '../../../lib/theme.ts';
import toast from '../../../lib/toast.ts';
import { ActiveSessions } from '../components/active-sessions.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { LinkedAccounts } from '../components/linked-accounts.tsx';
import { LoginActivity } from '../components/login-activity.tsx';
import { NotificationSettings } from '../components/notification-settings.tsx';
import { PasskeysSection } from '../components/passkeys-section.tsx';
import { PushSettings } from '../components/push-settings.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';
import { useChooseLocale } from '../locale.ts';

export function SettingsPage() {
  const me = useMe().data;

  return (
    <Page
      width="max-w-5xl"
      title={ui.settingsTitle}
      icon={Settings}
      iconSize="size-5"
      intro={ui.settingsIntro}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {me ? <ProfileSummary me={me} /> : <Skeleton className="h-28 w-full rounded-2xl" />}
          <ChangePasswordForm />
          {me ? <TwoFactorSection me={me} /> : <Skeleton className="h-48 w-full rounded-2xl" />}
          <PasskeysSection />
          <LinkedAccounts />
          <ActiveSessions />
          <NotificationSettings />
          <PushSettings />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <AppearanceCard />
          <LanguageCard />
          <LoginActivity />
          <SecurityTips />
        </div>
      </div>
    </Page>
  );
}

function ProfileSummary({ me }: { me: Me }) {
  return (
    <Card className="flex flex-wrap items-center gap-4 p-5">
      <Avatar person={me} className="size-16 text-2xl" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate text-lg font-semibold">{me.username}</p>
          {me.role === 'admin' && <Badge tone="danger">{ui.admin}</Badge>}
          {me.role === 'moderator' && <Badge tone="primary">{ui.moderator}</Badge>}
        </div>
        <p className="truncate text-sm text-muted">{me.email}</p>
        <p className="text-xs text-muted">{ui.memberSince(formatDateShort(me.createdAt))}</p>
      </div>
      <ButtonLink to="/edit-profile" icon={UserPen} variant="outline" size="sm">
        {ui.editProfile}
      </ButtonLink>
    </Card>
  );
}

function AppearanceCard() {
  const { theme, toggle } = useTheme();
  return (
    <SectionCard title={ui.appearance} icon={Palette}>
      <div className="flex items-center gap-3">
        {theme === 'dark' ? (
          <Moon className="size-5 text-muted" aria-hidden="true" />
        ) : (
          <Sun className="size-5 text-muted" aria-hidden="true" />
        )}
        <div className="flex-1">
          <Switch
            label={ui.darkMode}
            description={ui.darkModeHint}
            checked={theme === 'dark'}
            onChange={toggle}
          />
        </div>
      </div>
    </SectionCard>
  );
}

/** The account's language (issue 41): saved to the account, applied at once. */
function LanguageCard() {
  const active = useActiveLocale();
  const choose = useChooseLocale();
  return (
    <SectionCard title={languageMessages.settingsTitle} icon={Languages}>
      <Select
        label={languageMessages.selectLabel}
        hint={languageMessages.hint}
        value={active}
        onChange={async (event) => {
          if (await choose(event.target.value as Locale)) toast.success(languageMessages.saved);
        }}
      >
        {siteLocales.map((locale) => (
          // Each language named in itself, in its own language.
          <option key={locale} value={locale} lang={locale}>
            {siteLocaleName(locale)}
          </option>
        ))}
      </Select>
    </SectionCard>
  );
}

function SecurityTips() {
  const tips = [ui.tipPassword, ui.tipTwoFactor, ui.tipStaff, ui.tipSignIns, ui.tipEscrow];
  return (
    <SectionCard title={ui.securityTips} icon={Lightbulb}>
      <ul className="flex flex-col gap-2.5 text-sm leading-relaxed text-muted">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
            {tip}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
