import { QRCodeSVG } from 'qrcode.react';
import { Copy } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { groupInFours } from '../lib/format.ts';

/** The otpauth:// URI as a QR code, with the secret as text for those who cannot scan it. */
export function TotpQrCode({ uri, secret }: { uri: string; secret: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(messages.accountSecurity.copied);
    } catch {
      toast.error(messages.accountSecurity.copyFailed);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex justify-center">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <QRCodeSVG value={uri} size={176} level="M" title={messages.accountSecurity.qrLabel} role="img" aria-label={messages.accountSecurity.qrLabel} />
        </div>
      </div>
      <div className="space-y-1.5">
        <p id="totp-secret-label" className="text-sm text-slate-600">
          {messages.accountSecurity.secretLabel}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code aria-labelledby="totp-secret-label" data-testid="totp-secret" className="min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">
            {groupInFours(secret)}
          </code>
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" />
            {messages.accountSecurity.copy}
          </Button>
        </div>
      </div>
    </div>
  );
}
