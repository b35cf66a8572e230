import { useRef, useState } from 'react';
import { Download, Printer } from 'lucide-react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { sourceTag } from '@shared/schemas/pipeline.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCreateDrive, useDrives } from '../api/drives.ts';
import { jobLink, qrFileName, qrPrintFileName } from '../lib/job-link.ts';

const text = messages.jobsManagement;
const pipelineText = messages.pipeline;
/** Spec point 9: 200 px, the lowest error-correction level, with a quiet-zone margin. */
const QR_SIZE = 200;
const QR_MARGIN = 2;
/** The print download is at least this wide, in whole pixels per module so its edges stay sharp. */
const PRINT_MIN_PX = 1200;
const NEW_DRIVE = '__new__';

/**
 * "Job QR Code": the job's link as a QR code, downloadable as job-qr-{id}.png. The link carries
 * ?src=qr, or ?src=drive:<id> when a recruitment drive is chosen (or created here).
 */
export function JobQrDialog({ jobId, open, onOpenChange }: { jobId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const printSvg = useRef<SVGSVGElement>(null);
  const drives = useDrives(open);
  const createDrive = useCreateDrive();
  const [driveId, setDriveId] = useState('');
  const [newName, setNewName] = useState('');
  const creating = driveId === NEW_DRIVE;
  const link = jobLink(jobId, window.location.origin, sourceTag('qr', creating ? null : driveId || null));

  function download() {
    if (!canvas.current) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.current.toDataURL('image/png');
    anchor.download = qrFileName(jobId);
    anchor.click();
  }

  /** The same code drawn from its vector form at print size: scaling up the 200 px image would blur it. */
  async function downloadForPrint() {
    const svg = printSvg.current;
    if (!svg) return;
    const modules = svg.viewBox.baseVal.width;
    const size = Math.ceil(PRINT_MIN_PX / modules) * modules;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const print = document.createElement('canvas');
    print.width = size;
    print.height = size;
    const context = print.getContext('2d');
    if (!context) return;
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, size, size);
    const anchor = document.createElement('a');
    anchor.href = print.toDataURL('image/png');
    anchor.download = qrPrintFileName(jobId);
    anchor.click();
  }

  async function create() {
    try {
      const drive = await createDrive.mutateAsync(newName);
      toast.success(fill(pipelineText.driveCreated, { name: drive.name }));
      setDriveId(drive.id);
      setNewName('');
    } catch (error) {
      toast.error(errorMessage(error, pipelineText.driveCreateFailed));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{text.qrTitle}</DialogTitle>
        <DialogDescription>{text.qrDescription}</DialogDescription>
        <div className="mt-4 space-y-2">
          <Label htmlFor={`qr-drive-${jobId}`}>{pipelineText.drivesLabel}</Label>
          <select
            id={`qr-drive-${jobId}`}
            value={driveId}
            onChange={(event) => setDriveId(event.target.value)}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">{pipelineText.driveNone}</option>
            {(drives.data ?? []).map((drive) => (
              <option key={drive.id} value={drive.id}>
                {drive.name}
              </option>
            ))}
            <option value={NEW_DRIVE}>{pipelineText.driveNew}</option>
          </select>
          {creating ? (
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void create();
              }}
            >
              <Input aria-label={pipelineText.driveNamePlaceholder} placeholder={pipelineText.driveNamePlaceholder} value={newName} onChange={(event) => setNewName(event.target.value)} maxLength={100} />
              <Button type="submit" variant="outline" disabled={createDrive.isPending || newName.trim() === ''}>
                {pipelineText.driveCreate}
              </Button>
            </form>
          ) : null}
        </div>
        <div className="mt-4 flex flex-col items-center gap-4">
          <QRCodeCanvas ref={canvas} value={link} size={QR_SIZE} level="L" marginSize={QR_MARGIN} role="img" aria-label={link} />
          <QRCodeSVG ref={printSvg} value={link} size={PRINT_MIN_PX} level="L" marginSize={QR_MARGIN} className="hidden" aria-hidden="true" />
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={download} disabled={creating}>
              <Download className="size-4" aria-hidden="true" />
              {text.downloadQr}
            </Button>
            <Button variant="outline" onClick={() => void downloadForPrint()} disabled={creating}>
              <Printer className="size-4" aria-hidden="true" />
              {text.downloadQrPrint}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
