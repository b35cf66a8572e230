import { useRef } from 'react';
import { Download } from 'lucide-react';
import { QRCodeCanvas } from 'qrcode.react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { jobLink, qrFileName } from '../lib/job-link.ts';

const text = messages.jobsManagement;
/** Spec point 9: 200 px, the lowest error-correction level, with a quiet-zone margin. */
const QR_SIZE = 200;
const QR_MARGIN = 2;

/** "Job QR Code": the job's link as a QR code, downloadable as job-qr-{id}.png. */
export function JobQrDialog({ jobId, open, onOpenChange }: { jobId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  function download() {
    if (!canvas.current) return;
    const link = document.createElement('a');
    link.href = canvas.current.toDataURL('image/png');
    link.download = qrFileName(jobId);
    link.click();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{text.qrTitle}</DialogTitle>
        <DialogDescription>{text.qrDescription}</DialogDescription>
        <div className="mt-4 flex flex-col items-center gap-4">
          <QRCodeCanvas ref={canvas} value={jobLink(jobId)} size={QR_SIZE} level="L" marginSize={QR_MARGIN} role="img" aria-label={jobLink(jobId)} />
          <Button onClick={download}>
            <Download className="size-4" aria-hidden="true" />
            {text.downloadQr}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
