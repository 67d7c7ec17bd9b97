"""PDF/X-4 from the PDFs pnp paints: every colour in CMYK, an output intent, the boxes and metadata.

pnp paints in sRGB ('#RRGGBB' through ReportLab). :func:`make_pdfx` rewrites the colour operators
of every content stream (pages and form XObjects, by pikepdf's content-stream parser) with their
CMYK values from pnp.export.colour, exact for each '#RRGGBB' since ReportLab writes each channel as
n/255; text colours (set inside BT ... ET) follow the text rule (black text is 0 0 0 1 k). Pictures
are converted through the profile. Then it adds what ISO 15930-7 (PDF/X-4) asks: an OutputIntent
(GTS_PDFX) with the profile embedded, GTS_PDFXVersion in the document information and the XMP
metadata, TrimBox and BleedBox on every page, Trapped, the dates, a document ID; links are dropped
(no annotation may sit on the printed page).

Anything it cannot convert (a shading, an inline image, a colour space it does not know) stops the
export (PdfxError): no RGB is left silently.
"""

from __future__ import annotations

import hashlib
import uuid
import zlib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from pnp.errors import PnpError
from pnp.export.colour import Converter

PDFX_VERSION = "PDF/X-4"
CMYK_SPACES = ("/DeviceCMYK", "/DeviceGray")


class PdfxError(PnpError):
    """A PDF holds something the press export cannot convert to CMYK."""


@dataclass(frozen=True)
class PdfxInfo:
    """What the document information and XMP of a press PDF say."""

    title: str
    author: str
    subject: str
    day: date
    """The kit's date (game.yaml): creation and modification date, so output is the same every time."""
    key: str
    """What names the document (its DocumentID is derived from it): game, language and file."""


def make_pdfx(source: Path, target: Path, converter: Converter, info: PdfxInfo) -> int:
    """Write ``target``: ``source`` as PDF/X-4 in the CMYK of ``converter``'s profile. Returns the
    number of pages."""
    import pikepdf

    with pikepdf.open(source) as pdf:
        done: set[tuple[int, int]] = set()
        for page in pdf.pages:
            _convert_content(pdf, page, converter, source)
            _convert_resources(pdf, page.obj.get("/Resources"), converter, source, done)
            if "/Annots" in page.obj:
                del page.obj["/Annots"]
            _boxes(page.obj)
        _output_intent(pdf, converter)
        _metadata(pdf, info)
        pdf.save(target, deterministic_id=True, compress_streams=True, force_version="1.6",
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return len(pdf.pages)


# --- content streams

def _convert_content(pdf, owner, converter: Converter, source: Path) -> None:
    """Rewrite the colour operators of the content of ``owner``: a page, or a form XObject."""
    import pikepdf

    out, changed = _converted(pikepdf.parse_content_stream(owner), converter, source)
    if not changed:
        return
    data = pikepdf.unparse_content_stream(out)
    if isinstance(owner, pikepdf.Page):
        owner.obj.Contents = pdf.make_stream(data)
    else:
        owner.write(data)


def _converted(instructions, converter: Converter, source: Path):
    """The instructions with every colour in CMYK, and whether any changed."""
    import pikepdf

    out = []
    changed = False
    in_text = False
    space = {"fill": "/DeviceGray", "stroke": "/DeviceGray"}
    for inst in instructions:
        if isinstance(inst, pikepdf.ContentStreamInlineImage):
            raise PdfxError(f"{source.name}: an inline image; the press export converts image XObjects only")
        operands, op = list(inst.operands), str(inst.operator)
        new = None
        if op == "BT":
            in_text = True
        elif op == "ET":
            in_text = False
        elif op in ("rg", "RG"):
            new = (_cmyk(operands, converter, in_text, op == "RG"), "k" if op == "rg" else "K")
        elif op in ("g", "G"):
            new = (_cmyk(operands * 3, converter, in_text, op == "G"), "k" if op == "g" else "K")
        elif op in ("cs", "CS"):
            name = str(operands[0])
            if name not in (*CMYK_SPACES, "/DeviceRGB"):
                raise PdfxError(f"{source.name}: colour space {name} is not converted (only DeviceRGB)")
            space["fill" if op == "cs" else "stroke"] = name
            if name == "/DeviceRGB":
                new = ([pikepdf.Name("/DeviceCMYK")], op)
        elif op in ("sc", "scn", "SC", "SCN"):
            which = "fill" if op in ("sc", "scn") else "stroke"
            if space[which] == "/DeviceRGB":
                new = (_cmyk(operands, converter, in_text, which == "stroke"), op)
        elif op in ("sh", "BI"):
            raise PdfxError(f"{source.name}: operator {op} (a shading or an inline image) is not converted")
        if new is None:
            out.append(inst)
        else:
            values, name = new
            out.append(pikepdf.ContentStreamInstruction([*values], pikepdf.Operator(name)))
            changed = True
    return out, changed


def _cmyk(operands, converter: Converter, text: bool, stroke: bool) -> list[float]:
    """CMYK values of an RGB colour operator's operands: a text's, a line's or a fill's."""
    rgb = tuple(round(float(v) * 255) for v in operands)
    values = converter.text(rgb) if text and not stroke else converter.line(rgb) if stroke else converter.fill(rgb)
    return [_number(v) for v in values]


def _number(v: float):
    """A colour value as the content stream writes it: 0 and 1 as integers (``0 0 0 1 k``)."""
    return int(v) if v in (0.0, 1.0) else round(v, 4)


# --- resources: forms and pictures

def _convert_resources(pdf, resources, converter: Converter, source: Path, done: set) -> None:
    import pikepdf

    if resources is None:
        return
    if "/Shading" in resources or "/Pattern" in resources:
        raise PdfxError(f"{source.name}: shadings and patterns are not converted")
    for _, xobject in (resources.get("/XObject") or {}).items():
        key = xobject.objgen
        if key != (0, 0) and key in done:
            continue
        done.add(key)
        subtype = xobject.get("/Subtype")
        if subtype == "/Form":
            _convert_content(pdf, xobject, converter, source)
            _convert_resources(pdf, xobject.get("/Resources"), converter, source, done)
        elif subtype == "/Image":
            _convert_image(xobject, converter, source)
    for _, state in (resources.get("/ExtGState") or {}).items():
        mask = state.get("/SMask")
        if isinstance(mask, pikepdf.Dictionary) and "/G" in mask:
            group = mask.G
            _convert_content(pdf, group, converter, source)
            _convert_resources(pdf, group.get("/Resources"), converter, source, done)


def _convert_image(image, converter: Converter, source: Path) -> None:
    """An RGB (or indexed RGB, or ICC-based RGB) picture rewritten in CMYK, deflated."""
    import pikepdf

    space = image.get("/ColorSpace")
    if space in (pikepdf.Name.DeviceGray, pikepdf.Name.DeviceCMYK) or image.get("/ImageMask", False):
        return
    picture = pikepdf.PdfImage(image).as_pil_image()
    if picture.mode == "CMYK":
        cmyk = picture
    else:
        cmyk = converter.image(picture)
    for key in ("/DecodeParms", "/Decode", "/ColorSpace", "/Filter"):
        if key in image:
            del image[key]
    image.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.BitsPerComponent = 8
    image.Width, image.Height = cmyk.size


# --- boxes, intent, metadata

def _boxes(page) -> None:
    """TrimBox and BleedBox on the page: a sheet printed whole is trimmed at its edges."""
    import pikepdf

    media = page.MediaBox
    if "/TrimBox" not in page:
        page.TrimBox = pikepdf.Array(list(media))
    if "/BleedBox" not in page:
        page.BleedBox = pikepdf.Array(list(media))
    if "/ArtBox" in page:
        del page["/ArtBox"]


def _output_intent(pdf, converter: Converter) -> None:
    import pikepdf

    profile = converter.profile
    icc = pdf.make_stream(profile.data)
    icc.N = 4
    icc.Alternate = pikepdf.Name.DeviceCMYK
    intent = pikepdf.Dictionary(Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
                                OutputConditionIdentifier=pikepdf.String("Custom"),
                                OutputCondition=pikepdf.String(profile.description),
                                Info=pikepdf.String(profile.description),
                                RegistryName=pikepdf.String("http://www.color.org"),
                                DestOutputProfile=icc)
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])


def _metadata(pdf, info: PdfxInfo) -> None:
    import pikepdf

    stamp = f"D:{info.day:%Y%m%d}000000Z"
    iso = f"{info.day.isoformat()}T00:00:00Z"
    document = f"uuid:{uuid.UUID(bytes=hashlib.sha256(info.key.encode()).digest()[:16], version=5)}"
    pdf.docinfo = pdf.make_indirect(pikepdf.Dictionary({
        "/Title": pikepdf.String(info.title), "/Author": pikepdf.String(info.author),
        "/Subject": pikepdf.String(info.subject), "/Creator": pikepdf.String("pnp"),
        "/Producer": pikepdf.String("pnp (ReportLab, pikepdf)"), "/CreationDate": pikepdf.String(stamp),
        "/ModDate": pikepdf.String(stamp), "/Trapped": pikepdf.Name.False_,
        "/GTS_PDFXVersion": pikepdf.String(PDFX_VERSION)}))
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = info.title
        meta["dc:creator"] = [info.author] if info.author else []
        meta["dc:description"] = info.subject
        meta["pdf:Producer"] = "pnp (ReportLab, pikepdf)"
        meta["pdf:Trapped"] = "False"
        meta["xmp:CreatorTool"] = "pnp"
        meta["xmp:CreateDate"] = iso
        meta["xmp:ModifyDate"] = iso
        meta["xmp:MetadataDate"] = iso
        meta["xmpMM:DocumentID"] = document
        meta["xmpMM:InstanceID"] = document
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
