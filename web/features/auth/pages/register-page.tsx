import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { registerForm } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useSignUp } from '../api.ts';
import { AuthCard, linkClasses } from '../components/auth-card.tsx';

export function RegisterPage() {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof registerForm>, unknown, z.output<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ username, email, password }) =>
    signUp.mutate(
      { username, email, password },
      {
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['username', 'email', 'password']);
          toast.error(errorMessage(err, messages.signUpFailed));
        },
      },
    ),
  );

  return (
    <AuthCard
      icon={UserPlus}
      title="Create your account"
      subtitle="Join the CheatMarket community in less than a minute."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label="Username"
          autoComplete="username"
          placeholder="your_name"
          hint="3 to 20 characters: letters, numbers, underscores and hyphens."
          error={errors.username?.message}
          {...register('username')}
        />
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" loading={signUp.isPending}>
          Create Account
        </Button>
        <p className="text-center text-xs leading-relaxed text-muted">
          By creating an account you agree to our{' '}
          <Link to="/terms" className={linkClasses}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={linkClasses}>
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
