import { Copy, Download } from 'lucide-react';
import { mfaRecoveryMessages as text } from '@shared/messages/mfa-recovery.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { toast } from '@web/lib/toast.ts';
import { downloadRecoveryCodes, recoveryCodesText } from '../lib/recovery-codes-file.ts';

/**
 * The recovery codes, shown this once inside a dialog (issue 33, A7): copy them, download them as
 * a .txt, and say they are saved. The server keeps only their hashes.
 */
export function RecoveryCodesDisplay({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const email = useMe().data?.user.email ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(email, codes));
      toast.success(text.copied);
    } catch {
      toast.error(text.copyFailed);
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <DialogTitle>{text.showTitle}</DialogTitle>
        <DialogDescription>{text.showIntro}</DialogDescription>
      </div>
      <ol aria-label={text.listLabel} data-testid="recovery-codes" className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 select-all">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" className="sm:flex-1" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          {text.copy}
        </Button>
        <Button variant="outline" className="sm:flex-1" onClick={() => downloadRecoveryCodes(email, codes)}>
          <Download className="size-4" aria-hidden="true" />
          {text.download}
        </Button>
      </div>
      <Button className="w-full" onClick={onDone}>
        {text.done}
      </Button>
    </div>
  );
}
