import type { UseMutationResult } from '@tanstack/react-query';
import { Copy, ShieldAlert, ShieldCheck, Smartphone } from 'lucide-react';
import QRCode from 'qrcode';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { messages } from '../../../../contract/common-messages.ts';
import { isStaff } from '../../../../contract/limits.ts';
import type { Me } from '../../../../contract/me.ts';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { authUi } from '../../../../contract/texts/auth-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useTextField } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from '../api.ts';

interface Setup {
  totpURI: string;
  backupCodes: string[];
}

const fieldError = (err: unknown, field: string) =>
  err instanceof ApiError ? (err.fields?.[field] ?? undefined) : undefined;

/** Two-factor sign-in with an authenticator app (TOTP), plus one-time backup codes. */
export function TwoFactorSection({ me }: { me: Me }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const enabled = me.twoFactorEnabled && !setup;
  return (
    <SectionCard
      title={ui.twoFactor}
      icon={Smartphone}
      action={enabled ? <Badge tone="success">{ui.on}</Badge> : <Badge tone="neutral">{ui.off}</Badge>}
    >
      {!me.twoFactorEnabled && isStaff(me.role) && !setup && (
        <div
          role="note"
          className="mb-4 flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-700 dark:text-amber-300"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{ui.staffTwoFactor}</p>
        </div>
      )}
      {enabled ? (
        <DisableForm />
      ) : setup ? (
        <ConfirmSetup setup={setup} onDone={() => setSetup(null)} />
      ) : (
        <EnableForm onStarted={setSetup} />
      )}
    </SectionCard>
  );
}

function EnableForm({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const enable = useEnableTwoFactor();
  return (
    <PasswordForm
      label={ui.enableTwoFactorForm}
      mutation={enable}
      onSuccess={onStarted}
      submit={
        <SubmitRow loading={enable.isPending}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {ui.enableTwoFactor}
        </SubmitRow>
      }
    >
      <p className="text-sm leading-relaxed text-muted">{ui.enableTwoFactorIntro}</p>
    </PasswordForm>
  );
}

/** Turning two-factor on or off starts with the password; the server's word on it shows under the field. */
function PasswordForm<T>({
  label,
  hint,
  mutation,
  onSuccess,
  submit,
  children,
}: {
  label: string;
  hint?: string;
  mutation: UseMutationResult<T, Error, { password: string }>;
  onSuccess?: (data: T) => void;
  submit: ReactNode;
  children: ReactNode;
}) {
  const password = useTextField();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password.value) return password.setError(messages.passwordRequired);
    mutation.mutate(
      { password: password.value },
      {
        onSuccess: (data) => {
          password.clear();
          onSuccess?.(data);
        },
        onError: (err) => {
          password.setError(fieldError(err, 'password'));
          toast.error(errorMessage(err, accountMessages.twoFactorFailed));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={label}>
      {children}
      <PasswordInput
        label={authUi.password}
        autoComplete="current-password"
        hint={hint}
        {...password.props}
      />
      {submit}
    </form>
  );
}

function ConfirmSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState<string | null>(null);
  const code = useTextField();
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? '';

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [setup.totpURI]);

  const copy = async (text: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      toast.error(ui.copyFailed);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.value.trim()) return code.setError(accountMessages.codeRequired);
    confirm.mutate(
      { code: code.value.trim() },
      {
        onSuccess: () => {
          toast.success(accountMessages.twoFactorEnabled);
          onDone();
        },
        onError: (err) => {
          code.setError(fieldError(err, 'code') ?? errorMessage(err, accountMessages.twoFactorFailed));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-muted">
        <li>{ui.setupScan}</li>
        <li>{ui.setupBackupCodes}</li>
        <li>{ui.setupCode}</li>
      </ol>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="grid size-[200px] shrink-0 place-items-center rounded-xl border border-line bg-white p-1">
          {qr ? (
            <img src={qr} alt={ui.qrCode} className="size-full" />
          ) : (
            <span className="text-xs text-muted">{ui.qrGenerating}</span>
          )}
        </div>
        <div className="flex w-full min-w-0 flex-col gap-2">
          <p className="text-sm font-medium">{ui.manualKey}</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="totp-secret"
              className="min-w-0 flex-1 rounded-lg bg-surface-2 px-3 py-2 font-mono text-xs break-all"
            >
              {secret}
            </code>
            <Button
              icon={Copy}
              variant="ghost"
              size="icon"
              aria-label={ui.copyKey}
              onClick={() => copy(secret, ui.keyCopied)}
            ></Button>
          </div>
          <div className="mt-2 flex items-center justify-between">
            <p className="text-sm font-medium">{ui.backupCodesOnce}</p>
            <Button
              icon={Copy}
              variant="ghost"
              size="sm"
              onClick={() => copy(setup.backupCodes.join('\n'), ui.backupCodesCopied)}
            >
              {ui.copyAll}
            </Button>
          </div>
          <ul
            aria-label={ui.backupCodes}
            className="grid grid-cols-2 gap-1.5 rounded-lg bg-surface-2 p-3 font-mono text-xs"
          >
            {setup.backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label={authUi.authenticationCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={7}
          className="flex-1"
          {...code.props}
        />
        <Button type="submit" loading={confirm.isPending} className="sm:mt-6.5">
          {ui.turnOn}
        </Button>
      </form>
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onDone}>
          {ui.cancelSetup}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  return (
    <PasswordForm
      label={ui.disableTwoFactorForm}
      hint={ui.disableTwoFactorHint}
      mutation={disable}
      submit={
        <SubmitRow variant="danger" loading={disable.isPending}>
          {ui.disableTwoFactor}
        </SubmitRow>
      }
    >
      <p className="flex items-center gap-2 text-sm text-success">
        <ShieldCheck className="size-4" aria-hidden="true" />
        {ui.twoFactorOn}
      </p>
    </PasswordForm>
  );
}
