"""Two folders of science and school, written before tidyup's planner was
taught anything about them: a genomics lab member's Downloads (read pairs
with their checksums, alignments with their indexes, single-cell and
annotation formats, the user's Protocols and Plasmid maps, a Google OAuth
client secret and a PuTTY key) and a biology teacher's Desktop (graded
essays beside the folder of the others, files of a course beside the
course's folder, a misnamed PDF)."""
import contents as c
import formats as f
from folders_en import _screenshot
from folders_makers import EMPTY
from folders_personas import DATA, _copy, _dated, _sized
from items import file, group, into, project, secret, stays

# Sequencing reads and alignments: data, in a folder named for it or with
# the documents or code tidyup has; never Archives (a .fastq.gz is no
# archive a person unpacks) nor Others.
READS = DATA + ("Sequencing", "Raw data")
MICROSCOPY = ("images", "Microscopy") + DATA
STRUCTURES = DATA + ("Structures",)


# --- a genomics lab member's Downloads ------------------------------------------------

def _read_pair(sample, n, lane=1, checksums=False, small=False):
    """The two reads of a paired-end sample (and their .md5 files)."""
    stem = f"{sample}_S{n}_L{lane:03d}"
    items = [file(f"{stem}_R{read}_001.fastq.gz", f.fastq_gz(sample, read, n), "genomics", expect=READS,
                  small=small) for read in (1, 2)]
    if checksums:
        items += [file(f"{stem}_R{read}_001.fastq.gz.md5",
                       f.md5_list([(n * 10 + read, f"{stem}_R{read}_001.fastq.gz")]), None, small=small)
                  for read in (1, 2)]
    return group(stem, items)


def _indexed(name, data, index_name, index, expect=READS, small=False):
    return group(name, [file(name, data, "genomics", expect=expect, small=small),
                        file(index_name, index, None, small=small)])


def _lab_data(i, rng):
    name, data, kind, expect = rng.choice([
        (f"sample{i:02d}_filtered.h5ad", c.hdf5(30_000 + i), "genomics", READS),
        (f"velocyto_{i:02d}.loom", c.hdf5(31_000 + i), "genomics", READS),
        (f"peaks_rep{i}.bed", f.bed(i), "genomics", READS),
        (f"counts_batch{i}.feather", f.arrow_ipc(i), "data", DATA),
        (f"cell_metadata_{i}.arrow", f.arrow_ipc(10_000 + i), "data", DATA),
        (f"seurat_integrated_{i}.rds", f.rds(i), "data", DATA),
        (f"DESeq2_results_contrast{i}.tsv", c.text(f"gene\tlog2FC\tpadj\nTP53\t1.{i}\t0.00{i}\n"), "data", DATA),
        (f"clone{i:02d}_F.ab1", f.ab1(i), "genomics", READS),
        (f"gel_2025-03-{i % 28 + 1:02d}_{i}.tif", b"II*\x00\x08\x00\x00\x00" + i.to_bytes(8, "big"), "images",
         MICROSCOPY),
        (f"confocal_{i:03d}.czi", f.czi(i), "images", MICROSCOPY),
        (f"sorted_tube{i}.fcs", f.fcs(i), "data", DATA),
    ])
    return file(name, data, kind, expect=expect)


def _protocol(i, rng):
    what = rng.choice(["ChIP-seq", "ATAC-seq library prep", "Bradford assay", "Cell counting", "Miniprep",
                       "Transformation", "Immunofluorescence", "Flow staining", "RNA extraction (column)"])
    ext, data = rng.choice([("pdf", c.pdf(f"Protocol {what} {i}")), ("docx", c.docx(f"Protocol {what} {i}"))])
    return into("Protocols", file(f"Protocol - {what} v{i}.{ext}", data, "documents"))


def _plasmid(i, rng):
    backbone = rng.choice(["pLenti", "pAAV", "pMD2.G", "psPAX2", "pX330", "pBluescript", "pGL3"])
    insert = rng.choice(["GFP", "mCherry", "Cas9", "shTP53", "Luc", "empty"])
    name = f"{backbone}-{insert}-{i}"
    if rng.random() < 0.5:
        return into("Plasmid maps", file(f"{name}.gb", f.genbank(name, 4000 + i), "genomics"))
    return into("Plasmid maps", file(f"{name}.dna", f.snapgene(i), "genomics"))


def _lab_code(i, rng):
    name, data = rng.choice([
        (f"qc_{i}.ipynb", c.notebook(f"sc.pl.violin(adata, 'n_genes', {i})")),
        (f"deseq_{i}.R", c.text(f"library(DESeq2)\ndds <- DESeq(dds)  # {i}\n")),
        (f"align_{i}.sh", c.text(f"#!/bin/bash\n#SBATCH --mem=32G\nSTAR --runThreadN {i}\n")),
        (f"volcano_{i}.png", c.png(32_000 + i)),
        (f"umap_{i}.pdf", c.pdf(f"UMAP {i}")),
    ])
    kind = "images" if name.endswith(".png") else "documents" if name.endswith(".pdf") else "code"
    return file(name, data, kind)


def _lab_cases():
    report = file("report.pdf", c.pdf("Sequencing facility report, run 42, 12 samples"), "documents", small=True)
    cases = [
        stays("Protocols", {"Protocol - RNA extraction (TRIzol).pdf": c.pdf("Protocol TRIzol"),
                            "Protocol - Western blot.pdf": c.pdf("Protocol Western blot")}, small=True),
        stays("Plasmid maps", {"pUC19.gb": f.genbank("pUC19", 2686), "pET-28a(+).dna": f.snapgene(1)},
              small=True),
        project("rnaseq-pipeline", {
            ".git": {"HEAD": c.text("ref: refs/heads/main\n")},
            "Snakefile": c.text('rule all:\n    input: "results/counts.tsv"\n'),
            "config.yaml": c.text("samples: samples.tsv\n"),
            "envs": {"star.yaml": c.text("dependencies:\n  - star=2.7.11a\n")},
        }, small=True),
        stays(".ipynb_checkpoints", {"qc-checkpoint.ipynb": c.notebook("import scanpy as sc")}, small=True),
        into("Protocols", file("Protocol - qPCR SYBR Green.pdf", c.pdf("Protocol qPCR"), "documents", small=True)),
        into("Protocols", file("Protocol - Gibson assembly.docx", c.docx("Protocol Gibson"), "documents")),
        into("Plasmid maps", file("pGEX-4T-1.gb", f.genbank("pGEX-4T-1", 4969), "genomics", small=True)),
        into("Plasmid maps", file("pcDNA3.1(+).dna", f.snapgene(2), "genomics")),
        into("Plasmid maps", file("pLKO.1-puro.gb", f.genbank("pLKO.1-puro", 7052), "genomics")),
        file("rnaseq-pipeline-results.zip", c.zip_of({"counts.tsv": "gene\tS1\n"}), "archives",
             expect=("archives",) + DATA, small=True),
        file("pbmc3k.h5ad", c.hdf5(3000), "genomics", expect=READS, small=True),
        file("retina.loom", c.hdf5(3001), "genomics", expect=READS),
        file("H3K27ac_peaks.bed", f.bed(1), "genomics", expect=READS, small=True),
        file("gencode.v45.annotation.gff3", f.gff3(1), "genomics", expect=READS, small=True),
        file("GRCh38_chr21.fa", f.fasta("chr21", 1), "genomics", expect=READS),
        file("counts.feather", f.arrow_ipc(1), "data", expect=DATA, small=True),
        file("metadata.arrow", f.arrow_ipc(2), "data", expect=DATA),
        file("seurat_obj.rds", f.rds(1), "data", expect=DATA, small=True),
        file("clone3_F.ab1", f.ab1(3), "genomics", expect=READS, small=True),
        file("sorted_cells.fcs", f.fcs(1), "data", expect=DATA),
        file("confocal_001.czi", f.czi(1), "images", expect=MICROSCOPY, small=True),
        file("1UBQ.pdb", f.pdb("1UBQ"), "data", expect=STRUCTURES),
        file("plot.py", c.png(5151), "images", expect=("images", "stay"), small=True),
        file("samples.json", c.zip_of({"samples.tsv": "sample\tcondition\nS1\tctrl\n"}), "archives",
             expect=("archives", "stay"), small=True),
        file("settings.json", c.text("{}"), "code", small=True),
        file("empty.ipynb", c.text("{}"), "code", small=True),
        file("Key resources table.docx", c.docx("Key resources table: antibodies, cell lines"), "documents",
             small=True),
        file("secretome_hits.xlsx", c.xlsx("Secretome hits, LC-MS run 7"), "documents", small=True),
        file("Nature_2024_Smith_supplementary.pdf", c.pdf("Supplementary information"), "documents"),
        secret("client_secret_1234-abc.apps.googleusercontent.com.json",
               f.google_client_secret("1234-abc.apps.googleusercontent.com", "lab-sheets-sync"), small=True),
        report,
        _copy(report, "report (1).pdf", expect=("documents", "dup"), small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += group("hpc key", [secret("hpc-login.ppk", f.putty_key("postdoc@hpc-login", 1), small=True),
                               secret("hpc-login.pub", f.openssh_public("postdoc@hpc-login", 1), small=True)])
    cases += _read_pair("Ctrl1", 1, checksums=True, small=True)
    cases += _indexed("tumor_sorted.bam", f.bam(1), "tumor_sorted.bam.bai", f.bam_index(1), small=True)
    cases += _indexed("normal_sorted.bam", f.bam(2), "normal_sorted.bam.bai", f.bam_index(2))
    cases += _indexed("cohort.vcf.gz", f.vcf_gz("cohort", 1), "cohort.vcf.gz.tbi", f.tabix(1), small=True)
    for n, sample in enumerate(["Ctrl2", "Ctrl3", "KO1", "KO2", "KO3", "Rescue1", "Rescue2", "Rescue3"], 2):
        cases += _read_pair(sample, n, checksums=n == 2)
    return _dated(cases, 110)


def lab_downloads(size):
    """A genomics lab member's Downloads: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_lab_data, _protocol, _lab_code, _plasmid, _lab_data, _screenshot, _lab_code]
    return _sized("lab-downloads", size, _lab_cases(), makers)


# --- a biology teacher's Desktop ------------------------------------------------------

SURNAMES = ["Smith", "Patel", "Okafor", "Kowalski", "Li", "Haddad", "Johnson", "Moreno", "Ivanova", "Tanaka",
            "Murphy", "Diallo", "Schmidt", "Rossi", "Andersen", "Kim", "Nguyen", "Walker", "Singh", "Lopez",
            "Brown", "Garcia", "Wilson", "Novak", "Costa", "Yilmaz", "Berg", "Ahmed", "Cohen", "Dubois"]


def _student(n):
    """The n-th student of the teacher's classes, as graded files name them."""
    return f"{SURNAMES[n % len(SURNAMES)]}, {'JRCAWSKLMDEFPGTHNBVY'[(n // len(SURNAMES)) % 20]}"


def _graded(i, rng):
    student = _student(rng.randrange(0, 120))
    if rng.random() < 0.6:
        return into("Essay 2 graded", file(f"Essay2 - {student} - graded.pdf",
                                           c.pdf(f"Essay 2 {student} graded"), "documents"))
    return file(f"Essay1 - {student} - graded.pdf", c.pdf(f"Essay 1 {student} graded"), "documents",
                expect=("documents", "Essay 1 graded"))


def _course_file(i, rng):
    course = rng.choice(["BIO101", "CHEM210"])
    what = rng.choice(["lab", "worksheet", "quiz", "homework", "lecture notes", "exit ticket"])
    ext, data = rng.choice([("docx", c.docx(f"{course} {what} {i}")), ("pdf", c.pdf(f"{course} {what} {i}")),
                            ("pptx", c.pptx(f"{course} {what} {i}"))])
    return into(course, file(f"{course} {what} {i}.{ext}", data, "documents"))


def _submission(i, rng):
    student = _student(i * 7).replace(", ", "").lower()
    assignment = rng.choice(["Essay2", "LabReport3", "Reflection1"])
    return file(f"{student}_{40000 + i}_{5500000 + i}_{assignment}.docx", c.docx(f"{assignment} {i}"),
                "documents", expect=("documents", "Submissions"))


def _classroom(i, rng):
    name, data, kind = rng.choice([
        (f"IMG_2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}_{i:06d}.jpg", c.jpeg(33_000 + i), "images"),
        (f"Scan_2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}_{i:06d}.pdf", c.pdf(f"Scan {i}"),
         "documents"),
        (f"Kahoot - quiz {i} results.xlsx", c.xlsx(f"Kahoot {i}"), "documents"),
        (f"Lesson {i} - starter.notebook", c.zip_of({"imsmanifest.xml": f"<manifest id='{i}'/>"}), "documents"),
        (f"Parent newsletter {i}.docx", c.docx(f"Newsletter {i}"), "documents"),
    ])
    return file(name, data, kind)


def _teacher_cases():
    slip = file("Field trip permission slip.pdf", c.pdf("Field trip permission slip, aquarium, 14 May"),
                "documents", small=True)
    cases = [
        stays("Essay 2 graded", {"Essay2 - Brown, E - graded.pdf": c.pdf("Essay 2 Brown graded"),
                                 "Essay2 - Garcia, M - graded.pdf": c.pdf("Essay 2 Garcia graded"),
                                 "Essay2 - Nguyen, T - graded.pdf": c.pdf("Essay 2 Nguyen graded")}, small=True),
        stays("BIO101", {"BIO101 syllabus.pdf": c.pdf("BIO101 syllabus"), "BIO101 lab 1.docx": c.docx("Lab 1"),
                         "BIO101 lab 2.docx": c.docx("Lab 2")}, small=True),
        stays("CHEM210", {"CHEM210 syllabus.pdf": c.pdf("CHEM210 syllabus"),
                          "CHEM210 safety rules.docx": c.docx("Safety rules")}, small=True),
        project("class-website", {
            ".git": {"HEAD": c.text("ref: refs/heads/main\n")},
            "_config.yml": c.text("title: Ms. Rivera's Biology\ntheme: minima\n"),
            "index.md": c.text("# Welcome to Biology\n"),
        }, small=True),
        into("Essay 2 graded", file("Essay2 - Smith, J - graded.pdf", c.pdf("Essay 2 Smith graded"), "documents",
                                    small=True)),
        into("Essay 2 graded", file("Essay2 - Patel, R - graded.pdf", c.pdf("Essay 2 Patel graded"), "documents",
                                    small=True)),
        into("Essay 2 graded", file("Essay2 - Okafor, C - graded.pdf", c.pdf("Essay 2 Okafor graded"),
                                    "documents")),
        file("Essay1 - Smith, J - graded.pdf", c.pdf("Essay 1 Smith graded"), "documents",
             expect=("documents", "Essay 1 graded"), small=True),
        file("smithj_48213_5512093_Essay2.docx", c.docx("Essay 2 Smith, submitted"), "documents",
             expect=("documents", "Submissions"), small=True),
        into("BIO101", file("BIO101 lab 3.docx", c.docx("BIO101 lab 3: osmosis"), "documents", small=True)),
        into("BIO101", file("BIO101 quiz 4 answer key.pdf", c.pdf("BIO101 quiz 4 answer key"), "documents",
                            small=True)),
        into("BIO101", file("BIO101 midterm review.pptx", c.pptx("BIO101 midterm review"), "documents")),
        into("BIO101", file("BIO101 Canvas export.imscc", c.zip_of({"imsmanifest.xml": "<manifest/>"}), "archives")),
        into("CHEM210", file("CHEM210 titration lab.docx", c.docx("CHEM210 titration"), "documents", small=True)),
        into("CHEM210", file("CHEM210 exam 1.pdf", c.pdf("CHEM210 exam 1"), "documents")),
        file("2025-03-12T1015_Grades-BIO101_S25.csv", c.text("Student,ID,Lab 3\nSmith J,48213,9\n"), "documents",
             expect=("documents", "BIO101"), small=True),
        file("backup-moodle2-course-1234-bio101-20250312-1015-nu.mbz", c.gzip_bytes(1234), "archives",
             expect=("archives", "BIO101")),
        file("class-website screenshot.png", c.png(6161), "images", small=True),
        file("Cell division.notebook", c.zip_of({"imsmanifest.xml": "<manifest identifier='cells'/>",
                                                 "page0.svg": "<svg/>"}), "documents", small=True),
        file("rubric.js", c.pdf("Lab report rubric, 20 points"), "documents", expect=("documents", "stay"),
             small=True),
        file("Answer key - Unit 3 test.pdf", c.pdf("Unit 3 test answer key"), "documents", small=True),
        file("secretary-schedule.xlsx", c.xlsx("Front office secretary schedule"), "documents", small=True),
        file("keyboard-shortcuts.pdf", c.pdf("Chromebook keyboard shortcuts for students"), "documents",
             small=True),
        file("Seating chart.pptx", c.pptx("Seating chart period 3"), "documents", small=True),
        file("New Text Document.txt", b"", None, expect=EMPTY, small=True),
        slip,
        _copy(slip, "Field trip permission slip (1).pdf", expect=("documents", "dup"), small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += group("lesson video", [file("Lesson 12 - Mitosis.mp4", c.mp4(12), "videos", small=True),
                                    file("Lesson 12 - Mitosis.srt", f.srt("Today: the phases of mitosis.", 1), None,
                                         small=True)])
    return _dated(cases, 120)


def teacher_desktop(size):
    """A biology teacher's Desktop: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_graded, _course_file, _submission, _classroom, _graded, _screenshot, _course_file]
    return _sized("teacher-desktop", size, _teacher_cases(), makers)
