//! What tidyup knows of names beyond the registry: endings the registry
//! lacks or files where a person would not look for them, and a few names
//! known whole. Each family cites where its format is described.

use crate::file_type::Category;

/// Endings (lowercase, no dot) the registry lacks or files otherwise, with
/// their categories. A known ending wins over the file's magic bytes: an
/// Adobe XD file is a ZIP inside, an Ableton set a gzip, yet neither is an
/// archive to the person who made it.
pub(super) const OVERRIDES: [(&str, Category); 155] = [
    // China's fixed-layout documents (e-invoices, GB/T 33190) and WPS
    // Office's own spreadsheet and presentation endings (WPS help centre).
    ("ofd", Category::Documents),
    ("et", Category::Documents),
    ("dps", Category::Documents),
    ("wpt", Category::Documents),
    // A cue sheet lists the tracks of an audio disc (its image or files).
    ("cue", Category::Audio),
    ("azw", Category::Documents),
    ("srw", Category::Images),
    ("x3f", Category::Images),
    ("webarchive", Category::Documents),
    ("msix", Category::Installers),
    ("msixbundle", Category::Installers),
    ("appx", Category::Installers),
    ("appxbundle", Category::Installers),
    ("xapk", Category::Installers),
    ("apks", Category::Installers),
    ("apkm", Category::Installers),
    ("ipa", Category::Installers),
    ("mpkg", Category::Installers),
    ("crx", Category::Installers),
    ("ttc", Category::Installers),
    // Self-extracting installers made with makeself (makeself.io), as
    // NVIDIA ships CUDA and its drivers.
    ("run", Category::Installers),
    ("bat", Category::Code),
    ("cmd", Category::Code),
    ("ps1", Category::Code),
    ("swift", Category::Code),
    ("tsx", Category::Code),
    ("jsx", Category::Code),
    ("vue", Category::Code),
    ("kts", Category::Code),
    // Configuration read by programs, beside the TOML and YAML the registry
    // files as code: `NAME.conf` (nginx's and most daemons' "Configuration
    // File" documentation), `.ini` and `.cfg` (Python's configparser),
    // Java `.properties` (java.util.Properties).
    ("conf", Category::Code),
    ("ini", Category::Code),
    ("cfg", Category::Code),
    ("properties", Category::Code),
    // R scripts and R Markdown (R Language Definition; rmarkdown.rstudio.com),
    // Quarto documents (quarto.org): code a person runs.
    ("r", Category::Code),
    ("rmd", Category::Code),
    ("qmd", Category::Code),
    // Design files. Sketch (developer.sketch.com, "File format"), Figma's
    // `.fig` export (help.figma.com), Adobe XD (helpx.adobe.com/xd, a ZIP
    // inside), Adobe Swatch Exchange (helpx.adobe.com, "Swatches"),
    // Affinity Designer and Photo (affinity.help): pictures.
    ("sketch", Category::Images),
    ("fig", Category::Images),
    ("xd", Category::Images),
    ("ase", Category::Images),
    ("afdesign", Category::Images),
    ("afphoto", Category::Images),
    // Page layout: InDesign documents and their interchange form
    // (helpx.adobe.com/indesign), Affinity Publisher (affinity.help).
    ("indd", Category::Documents),
    ("idml", Category::Documents),
    ("afpub", Category::Documents),
    // Motion and video projects: After Effects (helpx.adobe.com/after-effects),
    // Premiere Pro (helpx.adobe.com/premiere-pro), DaVinci Resolve's
    // exported project (Blackmagic's manual).
    ("aep", Category::Videos),
    ("aepx", Category::Videos),
    ("prproj", Category::Videos),
    ("drp", Category::Videos),
    // Drawings: AutoCAD's DWG and DXF (Autodesk's DXF reference; the
    // shared MIME database files `image/vnd.dwg` as an image, but a plan is
    // a document to its reader), diagrams.net (drawio.com, "File formats").
    ("dwg", Category::Documents),
    ("dxf", Category::Documents),
    ("drawio", Category::Documents),
    // Data sets, beside CSV: HDF5 (The HDF Group, "HDF5 File Format
    // Specification"), Apache Parquet (parquet.apache.org; IANA
    // application/vnd.apache.parquet), NumPy's `.npy`/`.npz` (NumPy NEP 1),
    // MATLAB MAT-files (MathWorks, "MAT-File Format"), Feather (Apache
    // Arrow, "Feather File Format").
    ("h5", Category::Documents),
    ("hdf5", Category::Documents),
    ("he5", Category::Documents),
    ("parquet", Category::Documents),
    ("npy", Category::Documents),
    ("npz", Category::Documents),
    ("mat", Category::Documents),
    ("feather", Category::Documents),
    // BibTeX styles (Patashnik, "Designing BibTeX Styles"), beside the
    // `.bib`, `.cls` and `.sty` the registry files as documents.
    ("bst", Category::Documents),
    // Music production, with the audio they make. FL Studio projects
    // (Image-Line's manual, "FLP"), Ableton Live sets and their analysis
    // files (Ableton reference manual, "Live Sets", ".asd"), REAPER
    // projects and peak files (REAPER user guide), Pro Tools sessions
    // (Avid's reference guide), Cubase projects (Steinberg's manual), VST
    // presets and banks (Steinberg VST 2 SDK, `.fxp`/`.fxb`), Kontakt
    // instruments and multis (Native Instruments' Kontakt manual).
    ("flp", Category::Audio),
    ("als", Category::Audio),
    ("alc", Category::Audio),
    ("asd", Category::Audio),
    ("rpp", Category::Audio),
    ("reapeaks", Category::Audio),
    ("ptx", Category::Audio),
    ("ptf", Category::Audio),
    ("cpr", Category::Audio),
    ("fxp", Category::Audio),
    ("fxb", Category::Audio),
    ("nki", Category::Audio),
    ("nkm", Category::Audio),
    // Shorten, the lossless audio of older live-recording archives
    // (etree.org's "SHN" format).
    ("shn", Category::Audio),
    // 3D models and scenes: exchange formats (Wavefront OBJ and its MTL
    // material library, Autodesk FBX, Khronos glTF and its binary GLB,
    // COLLADA, the Stanford PLY, Alembic, Pixar's USD and its USDZ package,
    // X3D), 3D printing (STL, the 3MF Consortium's package, G-code), and
    // the scenes of Blender (with its `.blend1` backups), Maya, 3ds Max,
    // Cinema 4D, Houdini, LightWave, SketchUp, ZBrush, Substance, Marvelous
    // Designer and MagicaVoxel, as each vendor's manual names them.
    ("obj", Category::ThreeD),
    ("mtl", Category::ThreeD),
    ("fbx", Category::ThreeD),
    ("gltf", Category::ThreeD),
    ("glb", Category::ThreeD),
    ("dae", Category::ThreeD),
    ("ply", Category::ThreeD),
    ("abc", Category::ThreeD),
    ("usd", Category::ThreeD),
    ("usda", Category::ThreeD),
    ("usdc", Category::ThreeD),
    ("usdz", Category::ThreeD),
    ("x3d", Category::ThreeD),
    ("stl", Category::ThreeD),
    ("3mf", Category::ThreeD),
    ("gcode", Category::ThreeD),
    ("blend", Category::ThreeD),
    ("blend1", Category::ThreeD),
    ("blend2", Category::ThreeD),
    ("ma", Category::ThreeD),
    ("mb", Category::ThreeD),
    ("max", Category::ThreeD),
    ("3ds", Category::ThreeD),
    ("c4d", Category::ThreeD),
    ("hip", Category::ThreeD),
    ("hipnc", Category::ThreeD),
    ("hiplc", Category::ThreeD),
    ("lwo", Category::ThreeD),
    ("lws", Category::ThreeD),
    ("skp", Category::ThreeD),
    ("ztl", Category::ThreeD),
    ("zpr", Category::ThreeD),
    ("spp", Category::ThreeD),
    ("sbs", Category::ThreeD),
    ("sbsar", Category::ThreeD),
    ("zprj", Category::ThreeD),
    ("vox", Category::ThreeD),
    // High-dynamic-range environment maps (Radiance RGBE `.hdr`) and
    // DirectDraw and Truevision textures: pictures.
    ("hdr", Category::Images),
    ("dds", Category::Images),
    ("tga", Category::Images),
    // Camera originals and professional video: SMPTE MXF, RED's R3D and
    // its RMD metadata, Blackmagic RAW, ARRIRAW, Canon Cinema RAW Light,
    // and their interchange and grading files (Premiere's motion graphics
    // templates, Final Cut Pro XML, edit decision lists, 3D LUTs in the
    // `.cube` form of Adobe's Cube LUT specification).
    ("mxf", Category::Videos),
    ("r3d", Category::Videos),
    ("braw", Category::Videos),
    ("ari", Category::Videos),
    ("arx", Category::Videos),
    ("crm", Category::Videos),
    ("mogrt", Category::Videos),
    ("fcpxml", Category::Videos),
    ("edl", Category::Videos),
    ("cube", Category::Videos),
    // Lab data, beside the data sets above: sequencing reads, alignments
    // and variants (SAM/BAM/CRAM, VCF, FASTA/FASTQ, BED, GFF/GTF: the
    // hts-specs and UCSC's formats), AnnData and Loom matrices, R's saved
    // objects, Arrow IPC, GenBank and SnapGene maps, Sanger traces (ABIF),
    // flow cytometry (FCS), protein structures (PDB, mmCIF).
    ("sam", Category::Documents),
    ("bam", Category::Documents),
    ("cram", Category::Documents),
    ("fasta", Category::Documents),
    ("fa", Category::Documents),
    ("fna", Category::Documents),
    ("faa", Category::Documents),
    ("fastq", Category::Documents),
    ("fq", Category::Documents),
    ("bed", Category::Documents),
    ("bedgraph", Category::Documents),
    ("gff", Category::Documents),
    ("gff3", Category::Documents),
    ("gtf", Category::Documents),
    ("h5ad", Category::Documents),
    ("loom", Category::Documents),
    ("rds", Category::Documents),
    ("rdata", Category::Documents),
    ("rda", Category::Documents),
    ("arrow", Category::Documents),
    ("gb", Category::Documents),
    ("gbk", Category::Documents),
    ("dna", Category::Documents),
    ("ab1", Category::Documents),
    ("fcs", Category::Documents),
    ("pdb", Category::Documents),
    ("cif", Category::Documents),
    // Microscopy images (Zeiss CZI, Nikon ND2, Leica LIF): pictures.
    ("czi", Category::Images),
    ("nd2", Category::Images),
    ("lif", Category::Images),
];

/// Endings of two parts whose last part alone (`gz`) would say Archives,
/// though the file is data kept compressed, read as it is by the tools
/// that use it (bgzip's blocks, hts-specs).
pub(super) const COMPOUND_OVERRIDES: [(&str, Category); 10] = [
    ("fastq.gz", Category::Documents),
    ("fq.gz", Category::Documents),
    ("fasta.gz", Category::Documents),
    ("fa.gz", Category::Documents),
    ("vcf.gz", Category::Documents),
    ("bed.gz", Category::Documents),
    ("gff3.gz", Category::Documents),
    ("gtf.gz", Category::Documents),
    ("sam.gz", Category::Documents),
    ("bcf.gz", Category::Documents),
];

/// Names (lowercase) a build tool reads by name: GNU make's manual
/// ("What Name to Give Your Makefile"), Docker's Dockerfile reference,
/// Podman's Containerfile, Vagrant's and Jenkins' documentation.
const CODE_NAMES: [&str; 7] = [
    "makefile",
    "gnumakefile",
    "dockerfile",
    "containerfile",
    "vagrantfile",
    "jenkinsfile",
    "procfile",
];

/// Prefixes (lowercase) of the shell installers Anaconda, Miniconda,
/// Miniforge and Mambaforge ship as `NAME-VERSION-OS-ARCH.sh`
/// (docs.anaconda.com, "Installing on Linux"; conda-forge/miniforge).
const CONDA_INSTALLERS: [&str; 4] = ["anaconda3-", "miniconda3-", "miniforge3-", "mambaforge-"];

/// The kind of a name (lowercase) known whole, whatever its ending says:
/// a build file, or a conda installer script.
pub(super) fn by_whole_name(lower: &str) -> Option<Category> {
    let dockerfile = lower.starts_with("dockerfile.") || lower.ends_with(".dockerfile");
    if CODE_NAMES.contains(&lower) || dockerfile {
        return Some(Category::Code);
    }
    let conda = CONDA_INSTALLERS
        .iter()
        .any(|prefix| lower.starts_with(prefix) && lower.ends_with(".sh"));
    conda.then_some(Category::Installers)
}
