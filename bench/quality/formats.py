"""Small file contents of the judgement personas' kinds, each with its
format's real magic bytes or structure: 3D models and scenes, game mods,
professional video, genomics and other lab data, lossless audio and rip
logs, keys and credentials. Every function is deterministic."""
import gzip
import io
import json
import struct
import zipfile
import zlib

import contents as c


def gz(data):
    """`data` gzip-compressed with no file name and a zero time."""
    return gzip.compress(data, compresslevel=6, mtime=0)


def bgzf(data):
    """`data` as one BGZF block (the blocked gzip of BAM, tabix, bgzipped
    VCF): a gzip member whose extra field `BC` holds the block's size."""
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = deflater.compress(data) + deflater.flush()
    size = 18 + len(body) + 8 - 1
    head = b"\x1f\x8b\x08\x04\x00\x00\x00\x00\x00\xff\x06\x00BC\x02\x00" + struct.pack("<H", size)
    return head + body + struct.pack("<II", zlib.crc32(data), len(data))


def stored_zip(members):
    """A ZIP whose members are stored, not compressed (USDZ requires it)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, (2025, 1, 1, 0, 0, 0))
            archive.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


# --- 3D models and scenes ----------------------------------------------------

def obj(name, mtl=None, seed=0):
    """A Wavefront OBJ: a quad, naming its material library when given."""
    lines = ["# Blender 4.1.1", "# www.blender.org"]
    if mtl:
        lines.append(f"mtllib {mtl}")
    lines += [f"o {name}", "v -1.0 0.0 -1.0", "v 1.0 0.0 -1.0", "v 1.0 0.0 1.0", f"v -1.0 {seed % 10}.0 1.0",
              "vt 0.0 0.0", "vt 1.0 0.0", "vt 1.0 1.0", "vt 0.0 1.0", "vn 0.0 1.0 0.0"]
    if mtl:
        lines += [f"usemtl {name}"]
    lines += ["s 0", "f 1/1/1 2/2/1 3/3/1 4/4/1", ""]
    return c.text("\n".join(lines))


def mtl(material, diffuse, normal=None, roughness=None):
    """A Wavefront material library naming its texture maps."""
    lines = ["# Blender 4.1.1 MTL File", f"newmtl {material}", "Ns 250.0", "Ka 1.0 1.0 1.0",
             "Kd 0.8 0.8 0.8", "Ks 0.5 0.5 0.5", "d 1.0", "illum 2", f"map_Kd {diffuse}"]
    if normal:
        lines.append(f"map_Bump -bm 1.0 {normal}")
    if roughness:
        lines.append(f"map_Pr {roughness}")
    return c.text("\n".join(lines) + "\n")


def fbx(seed=0):
    """A binary FBX: Kaydara's header and version 7400."""
    return b"Kaydara FBX Binary  \x00\x1a\x00" + struct.pack("<I", 7400) + seed.to_bytes(8, "big")


def glb(seed=0):
    """A binary glTF: its header and a JSON chunk."""
    doc = json.dumps({"asset": {"version": "2.0", "generator": "Khronos glTF Blender I/O v4.1"},
                      "scenes": [{"nodes": [0]}], "nodes": [{"name": f"Mesh{seed}"}]}).encode()
    doc += b" " * (-len(doc) % 4)
    chunk = struct.pack("<I", len(doc)) + b"JSON" + doc
    return b"glTF" + struct.pack("<II", 2, 12 + len(chunk)) + chunk


def gltf(buffer, images=(), seed=0):
    """A glTF JSON naming its binary buffer and texture images."""
    doc = {"asset": {"version": "2.0", "generator": "Khronos glTF Blender I/O v4.1"},
           "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": f"Mesh{seed}"}],
           "buffers": [{"uri": buffer, "byteLength": 840}],
           "images": [{"uri": image} for image in images]}
    return c.text(json.dumps(doc, indent=1) + "\n")


def stl_ascii(name):
    return c.text(f"solid {name}\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0 0\n"
                  f"      vertex 1 0 0\n      vertex 0 1 0\n    endloop\n  endfacet\nendsolid {name}\n")


def stl_binary(seed=0):
    """A binary STL: an 80-byte header, a triangle count, one triangle."""
    header = f"Exported by PrusaSlicer {seed}".encode().ljust(80, b" ")
    return header + struct.pack("<I", 1) + struct.pack("<12fH", *([0.0] * 9 + [1.0, 0.0, float(seed)]), 0)


def three_mf(name):
    """A 3MF: an OPC ZIP holding 3D/3dmodel.model."""
    return c.zip_of({
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                               'openxmlformats.org/package/2006/content-types"><Default Extension="model" '
                               'ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0"?><Relationships/>',
        "3D/3dmodel.model": f'<?xml version="1.0"?><model unit="millimeter" xmlns="http://schemas.microsoft.'
                            f'com/3dmanufacturing/core/2015/02"><metadata name="Title">{name}</metadata>'
                            f'<resources/><build/></model>',
    })


def blend(seed=0):
    """A Blender file: `BLENDER`, 64-bit pointers, little-endian, 4.2."""
    return b"BLENDER-v402REND\x48\x00\x00\x00" + seed.to_bytes(8, "big") + b"GLOB"


def maya_ascii(name):
    return c.text(f'//Maya ASCII 2024 scene\n//Name: {name}\n//Codeset: UTF-8\nrequires maya "2024";\n'
                  f'currentUnit -l centimeter -a degree -t film;\n')


def maya_binary(seed=0):
    return b"FOR8\x00\x00\x00\x00\x00\x00\x00\x40Maya" + seed.to_bytes(8, "big")


def usdz(name, seed=0):
    """A USDZ: a stored ZIP whose first member is a binary USD layer."""
    return stored_zip({f"{name}.usdc": b"PXR-USDC\x00\x08\x00\x00\x00\x00\x00\x00" + seed.to_bytes(8, "big")})


def radiance_hdr(seed=0):
    return b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\nEXPOSURE=1.0\n\n-Y 1 +X 1\n" + seed.to_bytes(4, "big")


def openexr(seed=0):
    return b"\x76\x2f\x31\x01\x02\x00\x00\x00channels\x00chlist\x00" + seed.to_bytes(8, "big")


def tga(seed=0):
    return b"\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x01\x00\x18\x00" + seed.to_bytes(3, "big")


def substance_painter(seed=0):
    """A Substance 3D Painter project (an SQLite database)."""
    return c.sqlite(seed)


def zbrush_tool(seed=0):
    return b"ZBrush Tool File 2022\x00" + seed.to_bytes(8, "big")


# --- game mods ------------------------------------------------------------------

def tes_plugin(seed=0):
    """A Bethesda plugin (.esp, .esm): its TES4 header record."""
    return b"TES4\x2b\x00\x00\x00\x00\x00\x00\x00" + seed.to_bytes(4, "big") + b"HEDR\x0c\x00"


def bsa(seed=0):
    """A Skyrim Special Edition archive: `BSA`, version 105."""
    return b"BSA\x00\x69\x00\x00\x00\x24\x00\x00\x00" + seed.to_bytes(8, "big")


def ba2(seed=0):
    return b"BTDX\x01\x00\x00\x00GNRL" + seed.to_bytes(8, "big")


def vpk(seed=0):
    return struct.pack("<III", 0x55AA1234, 2, 0) + seed.to_bytes(8, "big")


def minecraft_mod(mod_id, seed=0):
    """A Fabric mod: a JAR (ZIP) with fabric.mod.json."""
    return c.zip_of({"fabric.mod.json": json.dumps({"schemaVersion": 1, "id": mod_id, "version": f"0.{seed}"}),
                     "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n"})


def bmp(seed=0):
    return b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00\x28\x00\x00\x00\x01\x00\x00\x00\x01\x00" \
           + seed.to_bytes(4, "big")


def dds(seed=0):
    return b"DDS \x7c\x00\x00\x00\x07\x10\x08\x00" + seed.to_bytes(8, "big")


# --- professional video ---------------------------------------------------------

def mxf(seed=0):
    """An MXF file: its header partition pack key."""
    return bytes.fromhex("060e2b34020501010d01020101020400") + b"\x83\x00\x00\x58" + seed.to_bytes(8, "big")


def r3d(seed=0):
    """A RED raw clip: a block size then `RED2`."""
    return struct.pack(">I", 0x200) + b"RED2" + b"\x02\x00" + seed.to_bytes(8, "big")


def braw(seed=0):
    """A Blackmagic RAW clip: a QuickTime file whose video is `brxq`."""
    return c.ftyp(b"qt  ", [b"qt  "], seed) + b"\x00\x00\x00\x10stsdbrxq"


def prores(seed=0):
    """A QuickTime movie of Apple ProRes 422 HQ (`apch`)."""
    return c.ftyp(b"qt  ", [b"qt  "], seed) + b"\x00\x00\x00\x10stsdapch"


def avchd(seed=0):
    """An AVCHD clip (.MTS): 192-byte packets of a timestamp and 0x47."""
    packet = b"\x00\x00\x00\x00\x47\x40\x00\x10" + seed.to_bytes(8, "big")
    return packet.ljust(192, b"\xff") * 2


def premiere(name, seed=0):
    """A Premiere Pro project: gzip-compressed XML."""
    return gz(f'<?xml version="1.0" encoding="UTF-8" ?>\n<PremiereData Version="3">\n'
              f'<Project ObjectID="1" ClassID="62ad66dd-0dcd-42da-a660-6d8fbde94876" Version="{40 + seed}">'
              f'<Name>{name}</Name></Project>\n</PremiereData>\n'.encode())


def premiere_lock(user, host):
    return c.text(f'<?xml version="1.0" encoding="UTF-8" ?>\n<PremiereData Version="1">\n'
                  f'<ProjectLock UserName="{user}" ComputerName="{host}" Time="2025-03-12T10:15:00"/>\n'
                  f'</PremiereData>\n')


def davinci(name):
    """A DaVinci Resolve project export (.drp): a ZIP of its project XML."""
    return c.zip_of({"project.xml": f'<?xml version="1.0"?><SyncProject><Name>{name}</Name></SyncProject>'})


def fcpxml(name):
    return c.text(f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE fcpxml>\n<fcpxml version="1.11">\n'
                  f'  <library><event name="{name}"><project name="{name}"/></event></library>\n</fcpxml>\n')


def edl(title):
    return c.text(f"TITLE: {title}\nFCM: NON-DROP FRAME\n\n"
                  "001  AX       V     C        00:00:00:00 00:00:05:00 01:00:00:00 01:00:05:00\n"
                  "* FROM CLIP NAME: C0001.MP4\n")


def cube_lut(title):
    return c.text(f'TITLE "{title}"\nLUT_3D_SIZE 2\n0.0 0.0 0.0\n1.0 0.0 0.0\n0.0 1.0 0.0\n1.0 1.0 0.0\n'
                  '0.0 0.0 1.0\n1.0 0.0 1.0\n0.0 1.0 1.0\n1.0 1.0 1.0\n')


def mogrt(title):
    """A Motion Graphics Template: a ZIP with its definition."""
    return c.zip_of({"definition.json": json.dumps({"capsuleName": title, "version": 3}),
                     "thumb.png": c.png(len(title))})


def sony_clip_xml(clip, seed=0):
    """The NonRealTimeMeta sidecar a Sony camera writes beside a clip."""
    return c.text(f'<?xml version="1.0" encoding="UTF-8"?>\n<NonRealTimeMeta xmlns="urn:schemas-'
                  f'professionalDisc:nonRealTimeMeta:ver.2.00" lastUpdate="2025-03-0{seed % 9 + 1}T10:15:00+01:00">\n'
                  f'\t<Duration value="{300 + seed}"/>\n\t<LtcChangeTable tcFps="25"/>\n'
                  f'\t<VideoFormat><VideoRecPort port="DIRECT"/></VideoFormat>\n'
                  f'\t<Device manufacturer="Sony" modelName="ILME-FX3"/>\n\t<RecordingMode type="normal"/>\n'
                  f'\t<AcquisitionRecord><Group name="CameraUnitMetadataSet"/></AcquisitionRecord>\n'
                  f'\t<TargetMaterial umidRef="{clip}"/>\n</NonRealTimeMeta>\n')


def srt(line, seed=0):
    return c.text(f"1\n00:00:0{seed % 9 + 1},000 --> 00:00:0{seed % 9 + 3},500\n{line}\n\n")


# --- genomics and the lab ------------------------------------------------------------

def fastq_gz(sample, read, seed=0):
    """Gzipped FASTQ reads of `sample`, read 1 or 2 of a pair."""
    bases = "ACGT"
    seq = "".join(bases[(seed * 7 + i * (read + 2)) % 4] for i in range(40))
    record = f"@A00123:8:H7KJLDSXY:1:1101:{seed}:1000 {read}:N:0:ATCACG+{sample}\n{seq}\n+\n{'F' * 40}\n"
    return gz(record.encode())


def bam(seed=0):
    """A BAM: a BGZF block holding `BAM\\1` and an empty header."""
    return bgzf(b"BAM\x01" + struct.pack("<I", 13) + b"@HD\tVN:1.6\n\x00" + struct.pack("<I", 0)
                + seed.to_bytes(4, "little"))


def bam_index(seed=0):
    return b"BAI\x01" + struct.pack("<I", 1) + struct.pack("<I", 0) + seed.to_bytes(8, "little")


def vcf_gz(sample, seed=0):
    return bgzf(f"##fileformat=VCFv4.2\n##reference=GRCh38\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO"
                f"\tFORMAT\t{sample}\nchr1\t{10000 + seed}\t.\tA\tG\t50\tPASS\t.\tGT\t0/1\n".encode())


def tabix(seed=0):
    return bgzf(b"TBI\x01" + struct.pack("<I", 1) + seed.to_bytes(8, "little"))


def bed(seed=0):
    return c.text(f"chr1\t{11873 + seed}\t14409\tDDX11L1\t0\t+\nchr1\t14361\t29570\tWASH7P\t0\t-\n")


def gff3(seed=0):
    return c.text(f"##gff-version 3\n##sequence-region chr1 1 248956422\nchr1\tHAVANA\tgene\t{11869 + seed}"
                  f"\t14409\t.\t+\t.\tID=gene:ENSG00000223972;Name=DDX11L1\n")


def arrow_ipc(seed=0):
    """An Arrow IPC file (also Feather v2): `ARROW1` at both ends."""
    return b"ARROW1\x00\x00\xff\xff\xff\xff" + seed.to_bytes(8, "little") + b"\x00\x00\x00\x00ARROW1"


def rds(seed=0):
    """An R object saved with saveRDS: gzip of R's XDR serialization."""
    return gz(b"X\n\x00\x00\x00\x03\x00\x04\x04\x00\x00\x03\x05\x00\x00\x00\x00\x05UTF-8"
              + b"\x00\x00\x00\x0e\x00\x00\x00\x01" + struct.pack(">d", seed))


def fasta(name, seed=0):
    bases = "ACGT"
    seq = "".join(bases[(seed * 5 + i * 3) % 4] for i in range(60))
    return c.text(f">{name}\n{seq}\n")


def genbank(name, length):
    return c.text(f"LOCUS       {name:<16}{length} bp    DNA     circular SYN 12-MAR-2025\n"
                  f"DEFINITION  {name} cloning vector.\nFEATURES             Location/Qualifiers\n"
                  f"ORIGIN\n        1 tcgcgcgttt cggtgatgac\n//\n")


def snapgene(seed=0):
    return b"\x09\x00\x00\x00\x0eSnapGene\x00\x01\x00\x0f\x00\x13" + seed.to_bytes(8, "big")


def ab1(seed=0):
    """A Sanger trace (ABIF)."""
    return b"ABIF\x00\x65tdir\x00\x00\x00\x01\x03\xff\x00\x1c" + seed.to_bytes(8, "big")


def fcs(seed=0):
    return b"FCS3.1    " + b"      58    1234    1235    5678       0       0" + seed.to_bytes(4, "big")


def czi(seed=0):
    """A Zeiss microscope image."""
    return b"ZISRAWFILE\x00\x00\x00\x00\x00\x00" + seed.to_bytes(8, "big")


def pdb(code):
    return c.text(f"HEADER    HYDROLASE                               12-MAR-25   {code}\n"
                  f"ATOM      1  N   MET A   1      27.340  24.430   2.614  1.00  9.67           N\nEND\n")


# --- lossless audio, rips and checksums --------------------------------------------------

def ape(seed=0):
    return b"MAC \x96\x0f\x00\x00\x34\x00\x00\x00" + seed.to_bytes(8, "big")


def wavpack(seed=0):
    return b"wvpk\x20\x00\x00\x00\x10\x04\x00\x00" + seed.to_bytes(8, "big")


def dsf(seed=0):
    return b"DSD \x1c\x00\x00\x00\x00\x00\x00\x00" + seed.to_bytes(8, "big") + b"fmt "


def dsdiff(seed=0):
    return b"FRM8\x00\x00\x00\x00\x00\x00\x10\x00DSD " + seed.to_bytes(8, "big")


def shorten(seed=0):
    return b"ajkg\x02" + seed.to_bytes(8, "big")


def mka(seed=0):
    return b"\x1a\x45\xdf\xa3\xa3\x42\x86\x81\x01\x42\x82\x88matroska" + seed.to_bytes(4, "big") + b"\x83\x81\x02"


def cue(performer, title, audio_file, tracks):
    """A cue sheet of one image file: `tracks` of (title, start MM:SS:FF)."""
    lines = ['REM COMMENT "ExactAudioCopy v1.6"', f'PERFORMER "{performer}"', f'TITLE "{title}"',
             f'FILE "{audio_file}" WAVE']
    for n, (name, start) in enumerate(tracks, 1):
        lines += [f"  TRACK {n:02d} AUDIO", f'    TITLE "{name}"', f"    INDEX 01 {start}"]
    return c.text("\r\n".join(lines) + "\r\n")


def eac_log(performer, title):
    """An Exact Audio Copy log: UTF-16 with its byte order mark, as EAC writes it."""
    return b"\xff\xfe" + ("Exact Audio Copy V1.6 from 23. October 2020\r\n\r\n"
                           "EAC extraction logfile from 12. March 2025, 10:15"
                           f"\r\n\r\n{performer} / {title}\r\n\r\nUsed drive  : PLEXTOR DVDR   PX-716A\r\n"
                           "Read mode               : Secure\r\nAccurateRip summary\r\n\r\n"
                           "All tracks accurately ripped\r\n\r\n==== Log checksum 9A1B2C3D ====\r\n"
                           ).encode("utf-16-le")


def m3u(entries):
    """An extended M3U playlist naming `entries` (seconds, title, path)."""
    lines = ["#EXTM3U"]
    for seconds, title, path in entries:
        lines += [f"#EXTINF:{seconds},{title}", path]
    return c.text("\n".join(lines) + "\n")


def md5_list(pairs):
    """An md5sum list: `pairs` of (seed, file name)."""
    return c.text("".join(f"{zlib.crc32(f'{s}'.encode()):08x}{s:024x} *{name}\n" for s, name in pairs))


def sha256_line(seed, name):
    return c.text(f"{seed:064x}  {name}\n")


def ffp(pairs):
    """A FLAC fingerprint list (the MD5 of each file's audio)."""
    return c.text("".join(f"{name}:{zlib.crc32(name.encode()):08x}{s:024x}\n" for s, name in pairs))


# --- keys and credentials ------------------------------------------------------------------

def java_keystore(seed=0):
    return b"\xfe\xed\xfe\xed\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x06upload" + seed.to_bytes(8, "big")


def putty_key(comment, seed=0):
    return c.text("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n"
                  f"Comment: {comment}\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIE{seed:020d}\n"
                  "xampleExampleExampleExampleExample\nPrivate-Lines: 1\n"
                  f"AAAAIGV4YW1wbGVFeGFtcGxlRXhhbXBsZUV4YW1wbGU{seed}\n"
                  "Private-MAC: 5a1c0f0e9d8c7b6a5948372615a4b3c2d1e0f9e8d7c6b5a4938271605f4e3d2c\n")


def openssh_public(comment, seed=0):
    return c.text(f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE{seed:020d}xampleExample {comment}\n")


def google_client_secret(client_id, project):
    """An OAuth client secret as Google Cloud's console downloads it."""
    return c.text(json.dumps({"installed": {
        "client_id": client_id, "project_id": project,
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_secret": "GOCSPX-ExampleExampleExample1234",
        "redirect_uris": ["http://localhost"]}}, separators=(",", ":")))


def ethereum_keystore(seed=0):
    """An encrypted wallet key as a wallet exports it (Web3 secret storage)."""
    return c.text(json.dumps({
        "address": f"{seed:040x}", "version": 3, "id": "3198bc9c-6672-5ab3-d995-4942343ae5b6",
        "crypto": {"cipher": "aes-128-ctr", "ciphertext": f"{seed:064x}",
                   "cipherparams": {"iv": "6087dab2f9fdbbfaddc31a909735c1e6"}, "kdf": "scrypt",
                   "kdfparams": {"dklen": 32, "n": 262144, "p": 8, "r": 1,
                                 "salt": "ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19"},
                   "mac": "2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097"}}) + "\n")
