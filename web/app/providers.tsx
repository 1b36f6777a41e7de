import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastLimit, Toasts } from './toasts.tsx';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries a failed GET once (spec §7); queries that need more say so.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
      <ToastLimit />
    </QueryClientProvider>
  );
}
