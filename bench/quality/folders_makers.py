"""Two folders of people who make things, written before tidyup's planner
was taught anything about them: a 3D artist and game modder's Desktop
(models with their materials and textures, Blender files with their
backups, mods beside the user's Mods folder, an Android keystore) and a
video editor's working folder (an open Premiere project with its lock,
auto-save and preview folders; camera clips with their sidecars; raw and
broadcast formats; bank statements beside the user's Statements 2025)."""
import contents as c
import formats as f
from folders_en import _screenshot
from folders_personas import MOTION, _copy, _dated, _sized
from items import file, group, in_use, into, project, secret, stays

# Where a careful person puts 3D models and scenes: tidyup has no folder
# for them; a folder named for them, never Others, Archives or Images.
MODELS = ("3D", "3D Models", "Models", "Design")
SCENES = MODELS + ("Blender",)
PRINTS = MODELS + ("3D Prints", "Prints")
TEXTURES = ("images", "Textures") + MODELS
RENDERS = ("images", "Renders")
MODS = ("Mods",)
# Camera originals, video projects, grading and titles of an editor.
FOOTAGE = ("videos", "Footage")
EDITS = ("videos", "Projects", "Video Projects")
LUTS = ("videos", "LUTs", "Presets")
TEMPLATES = ("videos", "Templates") + MOTION
FRAMES = ("images", "videos", "Renders", "VFX")
# A file whose name or bytes say nothing a person would name.
EMPTY = ("documents", "others", "stay")


def hash_of(name):
    """A small number fixed by `name` (the pixel of a texture named so)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(name)) % 100_000


def _textured(stem, material, maps, small=False):
    """A Wavefront model with its material library and the texture maps
    the library names: useless apart."""
    names = {kind: f"{stem}_{kind}.png" for kind in maps}
    items = [file(f"{stem}.obj", f.obj(material, f"{stem}.mtl", len(stem)), "3d", expect=MODELS, small=small),
             file(f"{stem}.mtl", f.mtl(material, names["diffuse"], names.get("normal"), names.get("roughness")),
                  None, small=small)]
    items += [file(name, c.png(hash_of(name)), "images", small=small) for name in names.values()]
    return group(stem, items)


# --- a 3D artist and game modder's Desktop -------------------------------------------

def _model(i, rng):
    thing = rng.choice(["rock", "stump", "lantern", "shield", "axe", "cart", "well", "fence", "bench"])
    name, data, expect = rng.choice([
        (f"{thing}_{i:02d}.fbx", f.fbx(i), MODELS),
        (f"{thing}_{i:02d}.glb", f.glb(i), MODELS),
        (f"{thing}_lowpoly_{i}.obj", f.obj(thing, None, i), MODELS),
        (f"{thing}_{i:02d}.blend", f.blend(i), SCENES),
        (f"{thing}_print_{i}.stl", f.stl_binary(i), PRINTS),
        (f"{thing}_{i:02d}.3mf", f.three_mf(f"{thing} {i}"), PRINTS),
        (f"{thing}_sculpt_{i}.ztl", f.zbrush_tool(i), MODELS),
        (f"{thing}_{i:02d}.spp", f.substance_painter(i), MODELS),
    ])
    return file(name, data, "3d", expect=expect)


def _texture(i, rng):
    surface = rng.choice(["wood_planks", "cobblestone", "rusty_metal", "brick_wall", "forest_ground", "plaster"])
    res = rng.choice(["1k", "2k", "4k"])
    name, data, expect = rng.choice([
        (f"{surface}_{res}_{i}_diff.png", c.png(7000 + i), TEXTURES),
        (f"{surface}_{res}_{i}_nor_gl.png", c.png(8000 + i), TEXTURES),
        (f"{surface}_{res}_{i}_rough.jpg", c.jpeg(7000 + i), TEXTURES),
        (f"{surface}_{i}.tga", f.tga(i), TEXTURES),
        (f"{surface}_{i}_BC.dds", f.dds(i), TEXTURES),
        (f"studio_small_{i:02d}_{res}.hdr", f.radiance_hdr(i), TEXTURES + ("HDRIs",)),
        (f"sunset_sky_{i:02d}_{res}.exr", f.openexr(i), TEXTURES + ("HDRIs",)),
    ])
    return file(name, data, "images", expect=expect)


def _nexus_mod(i, rng):
    mod = rng.choice(["Immersive Armors", "RaceMenu", "Alternate Start", "Static Mesh Improvement Mod",
                      "Enhanced Lights and FX", "Realistic Water Two", "Skyrim Flora Overhaul", "Ordinator"])
    ext, data = rng.choice([("7z", c.seven_zip(9000 + i)), ("zip", c.zip_of({f"{mod}.esp": f"TES4 {i}"})),
                            ("rar", c.rar(9000 + i))])
    stamp = 1_650_000_000 + rng.randrange(0, 60_000_000)
    name = f"{mod}-{rng.randrange(100, 99999)}-{rng.randrange(1, 9)}-{rng.randrange(0, 10)}-{i}-{stamp}.{ext}"
    return into("Mods", file(name, data, "mod"))


def _render(i, rng):
    scene = rng.choice(["castle", "tavern", "forest", "dungeon", "harbor", "crate", "sword"])
    ext, data = rng.choice([("png", c.png(11_000 + i)), ("jpg", c.jpeg(11_000 + i))])
    return into("Renders", file(f"render_{scene}_v{i}.{ext}", data, "images"))


def _modder_document(i, rng):
    name, data, kind = rng.choice([
        (f"commission {i} - invoice.pdf", c.pdf(f"Commission {i}"), "documents"),
        (f"asset list {i}.xlsx", c.xlsx(f"Assets {i}"), "documents"),
        (f"ScreenShot{i}.bmp", f.bmp(i), "images"),
        (f"modding tutorial part {i}.mp4", c.mp4(12_000 + i), "videos"),
        (f"Blender-4.{i % 3}.{i}-windows-x64.msi", c.ole(12_000 + i), "installers"),
    ])
    return file(name, data, kind)


def _modder_cases():
    brief = file("commission brief.pdf", c.pdf("Commission brief: medieval props pack"), "documents", small=True)
    cases = [
        stays("Mods", {"SkyUI_5_2_SE-12604-5-2SE-1573337364.7z": c.seven_zip(1),
                       "Unofficial Skyrim Special Edition Patch-266-4-3-1-1706297897.7z": c.seven_zip(2),
                       "SKSE64 Address Library-32444-11-1707247035.zip": c.zip_of({"SKSE/a.bin": "x"})},
              small=True),
        stays("Renders", {"render_castle_v3.png": c.png(10_001), "render_crate_v1.png": c.png(10_002)},
              small=True),
        project("castle-mod", {
            ".git": {"HEAD": c.text("ref: refs/heads/main\n"), "config": c.text("[core]\n")},
            "fomod": {"ModuleConfig.xml": c.text('<config><moduleName>Castle Overhaul</moduleName></config>\n'),
                      "info.xml": c.text("<fomod><Name>Castle Overhaul</Name></fomod>\n")},
            "CastleOverhaul.esp": f.tes_plugin(1),
            "meshes": {"castle": {"tower01.nif": b"Gamebryo File Format, Version 20.2.0.7\n\x00"}},
            "README.md": c.text("# Castle Overhaul\n"),
        }, small=True),
        stays(".stversions", {"castle~20250228-180000.blend": f.blend(900),
                              "crate~20250301-101500.obj": f.obj("Crate", "crate.mtl", 900)}, small=True),
        file("castle-mod v0.3.zip", c.zip_of({"CastleOverhaul.esp": "TES4 v0.3"}), "archives",
             expect=("archives", "Mods"), small=True),
        file("sword.fbx", f.fbx(1), "3d", expect=MODELS, small=True),
        file("character_rigged.fbx", f.fbx(2), "3d", expect=MODELS),
        file("chair.glb", f.glb(1), "3d", expect=MODELS, small=True),
        file("benchy.stl", f.stl_binary(1), "3d", expect=PRINTS, small=True),
        file("phone_stand.stl", f.stl_ascii("phone_stand"), "3d", expect=PRINTS),
        file("cable_clip.3mf", f.three_mf("Cable clip"), "3d", expect=PRINTS, small=True),
        file("old_scene_2016.max", c.ole(3), "3d", expect=SCENES, small=True),
        file("rig_test.ma", f.maya_ascii("rig_test.ma"), "3d", expect=SCENES, small=True),
        file("walk_cycle.mb", f.maya_binary(1), "3d", expect=SCENES),
        file("sneaker.usdz", f.usdz("sneaker", 1), "3d", expect=MODELS, small=True),
        file("head_sculpt.ztl", f.zbrush_tool(1), "3d", expect=MODELS),
        file("barrel_texturing.spp", f.substance_painter(1), "3d", expect=MODELS),
        file("secret_cave.blend", f.blend(5), "3d", expect=SCENES, small=True),
        into("Renders", file("render_tavern_v2.png", c.png(10_003), "images", small=True)),
        into("Renders", file("render_sword_final.jpg", c.jpeg(10_004), "images")),
        into("Mods", file("Immersive Armors-3479-8-1-1666367540.7z", c.seven_zip(3), "mod", small=True)),
        into("Mods", file("RaceMenu-19080-0-4-19-16-1679413016.7z", c.seven_zip(4), "mod")),
        file("sodium-fabric-0.5.8+mc1.20.4.jar", f.minecraft_mod("sodium", 58), "mod",
             expect=("Mods", "installers", "archives"), small=True),
        file("studio_small_09_4k.hdr", f.radiance_hdr(9), "images", expect=TEXTURES + ("HDRIs",), small=True),
        file("ScreenShot42.bmp", f.bmp(42), "images", small=True),
        file("uv_checker.py", c.png(4096), "images", expect=("images", "Textures", "stay"), small=True),
        secret("keystore.jks", f.java_keystore(1), small=True),
        secret("key.properties", c.text("storePassword=example-store-pass\nkeyPassword=example-key-pass\n"
                                        "keyAlias=upload\nstoreFile=keystore.jks\n"), small=True),
        file("keyboard-shortcuts.pdf", c.pdf("Blender 4.1 keyboard shortcuts"), "documents", small=True),
        file("Keys and Locks - asset pack.zip", c.zip_of({"key_gold.fbx": "Kaydara"}), "archives"),
        file("todo.md", c.text("# TODO\n"), "documents", small=True),
        file("ideas.md", c.text("# TODO\n"), "documents", small=True),
        file("README.md", c.text("# TODO\n"), "documents", small=True),
        stays(".gitkeep", b""),
        brief,
        _copy(brief, "commission brief (1).pdf", expect=("documents", "dup"), small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    cases += _textured("crate", "Crate", ["diffuse", "normal"], small=True)
    cases += _textured("barrel", "Barrel", ["diffuse", "normal", "roughness"])
    cases += group("castle blend", [file("castle.blend", f.blend(1), "3d", expect=SCENES, small=True),
                                    file("castle.blend1", f.blend(2), None, small=True)])
    cases += group("tavern blend", [file("tavern_interior.blend", f.blend(3), "3d", expect=SCENES),
                                    file("tavern_interior.blend1", f.blend(4), None),
                                    file("tavern_interior.blend2", f.blend(6), None)])
    cases += group("helmet", [file("helmet.gltf", f.gltf("helmet.bin", ["helmet_baseColor.png"], 1), "3d",
                                   expect=MODELS, small=True),
                              file("helmet.bin", bytes(range(7, 7 + 84)) * 10, None, small=True),
                              file("helmet_baseColor.png", c.png(hash_of("helmet_baseColor.png")), "images",
                                   small=True)])
    cases += group("castle plugin", [into("Mods", file("BetterCastles.esp", f.tes_plugin(2), "mod", small=True)),
                                     into("Mods", file("BetterCastles.bsa", f.bsa(2), "mod", small=True))])
    cases += group("pipboy plugin", [into("Mods", file("PipboyTweaks.esp", f.tes_plugin(3), "mod")),
                                     into("Mods", file("PipboyTweaks - Main.ba2", f.ba2(3), "mod"))])
    cases += group("turntable", [file(f"turntable_{n:04d}.png", c.png(20_000 + n), "images", expect=RENDERS)
                                 for n in range(1, 25)])
    return _dated(cases, 90)


def modder_desktop(size):
    """A 3D artist and game modder's Desktop: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_model, _texture, _nexus_mod, _render, _model, _modder_document, _screenshot, _texture]
    return _sized("modder-desktop", size, _modder_cases(), makers)


# --- a video editor's working folder ---------------------------------------------------

def _clip_pair(n, small=False):
    clip = f"C{n:04d}"
    return group(clip, [file(f"{clip}.MP4", c.mp4(30_000 + n), "videos", expect=FOOTAGE, small=small),
                        file(f"{clip}M01.XML", f.sony_clip_xml(clip, n), None, small=small)])


def _camera_original(i, rng):
    reel = f"A{rng.randrange(1, 9):03d}"
    name, data = rng.choice([
        (f"{reel}C{i:03d}_250312_R{rng.randrange(1000, 9999):04X}.MXF", f.mxf(i)),
        (f"DJI_{i:04d}.MP4", c.mp4(40_000 + i)),
        (f"{i:05d}.MTS", f.avchd(i)),
        (f"{reel}_03121015_C{i:03d}.braw", f.braw(i)),
        (f"Interview_{reel}_{i}_ProRes422HQ.mov", f.prores(i)),
    ])
    return file(name, data, "videos", expect=FOOTAGE)


def _export(i, rng):
    client = rng.choice(["Northwind", "Acme", "Globex", "Contoso", "Initech"])
    cut = rng.choice(["v1", "v2", "v3", "final", "final_v2"])
    name, data = rng.choice([
        (f"{client} spot {i} - {cut} - H264.mp4", c.mp4(50_000 + i)),
        (f"{client} social {i} 9x16 - {cut}.mp4", c.mp4(60_000 + i)),
        (f"{client} master {i} - {cut} - ProRes.mov", f.prores(50_000 + i)),
    ])
    return file(name, data, "videos")


def _edit_asset(i, rng):
    name, data, kind, expect = rng.choice([
        (f"Whoosh {i:02d}.wav", c.wav(70_000 + i), "audio", ("audio", "SFX", "Sound Effects")),
        (f"Epidemic - Corporate Uplift {i}.mp3", c.mp3(70_000 + i), "audio", ("audio", "Music")),
        (f"ZOOM{i:04d}_LR.WAV", c.wav(80_000 + i), "audio", ("audio",) + FOOTAGE),
        (f"Film emulation {i}.cube", f.cube_lut(f"Film emulation {i}"), "lut", LUTS),
        (f"Lower third {i}.mogrt", f.mogrt(f"Lower third {i}"), "template", TEMPLATES),
        (f"still_{i:03d}.png", c.png(70_000 + i), "images", ("images", "Stills")),
        (f"Talent release - {i}.pdf", c.pdf(f"Talent release {i}"), "documents", ("documents",)),
        (f"Call sheet day {i}.pdf", c.pdf(f"Call sheet {i}"), "documents", ("documents",)),
    ])
    return file(name, data, kind, expect=expect)


def _statement(i, rng):
    month, day = rng.randrange(1, 13), rng.randrange(1, 29)
    bank = rng.choice(["Chase", "Wise", "Amex"])
    return into("Statements 2025", file(f"{bank} Statement 2025-{month:02d}-{day:02d}.pdf",
                                        c.pdf(f"{bank} statement 2025-{month:02d}-{day:02d} {i}"), "documents"))


def _editor_cases():
    invoice = file("Invoice 2025-003 - Northwind.pdf", c.pdf("Invoice 2025-003 Northwind, edit days 4"),
                   "documents", small=True)
    cases = [
        stays("Statements 2025", {"Chase Statement 2025-01.pdf": c.pdf("Chase statement January 2025"),
                                  "Chase Statement 2025-02.pdf": c.pdf("Chase statement February 2025")},
              small=True),
        into("Statements 2025", file("Chase Statement 2025-03.pdf", c.pdf("Chase statement March 2025"),
                                     "documents", small=True)),
        into("Statements 2025", file("Chase Statement 2025-04.pdf", c.pdf("Chase statement April 2025"),
                                     "documents")),
        file("Chase Statement 2024-12.pdf", c.pdf("Chase statement December 2024"), "documents",
             expect=("documents", "Statements 2024"), small=True),
        project("Wedding Highlights.fcpbundle", {
            "CurrentVersion.flexolibrary": c.sqlite(1),
            "Settings.plist": c.text("<plist><dict/></plist>\n"),
            "Wedding": {"Original Media": {"C0100.MP4": c.mp4(100)}},
        }, small=True),
        file("Wedding Highlights - export.mp4", c.mp4(101), "videos", small=True),
        stays(".fseventsd", {"fseventsd-uuid": c.text("6F2C1D9A-0B8E-4C1F-9E2A-3B4C5D6E7F80")}, small=True),
        file("A002C005_250312_R2KB.MXF", f.mxf(1), "videos", expect=FOOTAGE, small=True),
        file("00012.MTS", f.avchd(12), "videos", expect=FOOTAGE),
        file("Interview_A_cam_ProRes422HQ.mov", f.prores(1), "videos", expect=FOOTAGE, small=True),
        file("Old Spot 2023.prproj", f.premiere("Old Spot 2023", 1), "video project", expect=EDITS, small=True),
        file("Wedding - Resolve export.drp", f.davinci("Wedding"), "video project", expect=EDITS, small=True),
        file("Documentary rough cut.fcpxml", f.fcpxml("Documentary rough cut"), "video project", expect=EDITS),
        file("Documentary rough cut.edl", f.edl("Documentary rough cut"), "video project", expect=EDITS),
        file("SLog3_to_Rec709.cube", f.cube_lut("SLog3 to Rec709"), "lut", expect=LUTS, small=True),
        file("Lower Third Clean.mogrt", f.mogrt("Lower Third Clean"), "template", expect=TEMPLATES, small=True),
        file("ZOOM0001_LR.WAV", c.wav(1), "audio", expect=("audio",) + FOOTAGE, small=True),
        secret("wallet-backup.key", f.ethereum_keystore(1), small=True),
        secret("backup-bucket_accessKeys.csv",
               c.text("Access key ID,Secret access key\n"
                      "AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"), small=True),
        file("Showreel pitch.key", c.iwork("Keynote", 7), "documents", small=True),
        file("keyboard-shortcuts.pdf", c.pdf("Premiere Pro keyboard shortcuts"), "documents", small=True),
        file("Secrets of the Forest - rough cut.mp4", c.mp4(7), "videos", small=True),
        file("project_backup.json", c.zip_of({"project.xml": "<Project/>"}), "archives",
             expect=("archives", "stay"), small=True),
        invoice,
        _copy(invoice, "Invoice 2025-003 - Northwind (1).pdf", expect=("documents", "dup"), small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1", small=True),
    ]
    spot = "Client Spot 30s"
    cases += group("premiere", [
        file(f"{spot}.prproj", f.premiere(spot, 2), "video project", small=True),
        in_use(f"{spot}.prlock", f.premiere_lock("alex", "EDIT-BAY-2"), small=True),
        stays("Adobe Premiere Pro Auto-Save", {
            f"{spot}--12-03-2025_10-15-00.prproj": f.premiere(spot, 3),
            f"{spot}--12-03-2025_10-30-00.prproj": f.premiere(spot, 4)}, small=True),
        stays("Adobe Premiere Pro Video Previews", {f"{spot}.PRV": {"Rendered - 5d2c0f9e.mxf": f.mxf(5)}},
              small=True),
        stays("Adobe Premiere Pro Audio Previews", {f"{spot}.PRV": {"Audio 1.cfa": b"CFA\x00" + bytes(12)}}),
    ], expect=("stay",))
    cases += group("titles", [
        file("Titles.aep", c.after_effects(1), "video project", small=True),
        stays("Adobe After Effects Auto-Save", {"Titles auto-save 1.aep": c.after_effects(2),
                                                "Titles auto-save 2.aep": c.after_effects(3)}, small=True),
    ], expect=("stay",) + EDITS + MOTION)
    cases += group("red clip", [file("A001_C003_0312XY_001.R3D", f.r3d(1), "videos", expect=FOOTAGE, small=True),
                                file("A001_C003_0312XY.RMD", c.text('<?xml version="1.0"?><RMD version="2.0">'
                                                                    '<clip name="A001_C003_0312XY"/></RMD>\n'),
                                     None, small=True)])
    cases += group("braw clip", [file("A001_03121015_C001.braw", f.braw(1), "videos", expect=FOOTAGE),
                                 file("A001_03121015_C001.sidecar",
                                      c.text('{"iso": 800, "white_balance_kelvin": 5600}\n'), None)])
    cases += group("gopro", [file("GX010123.MP4", c.mp4(123), "videos", expect=FOOTAGE),
                             file("GL010123.LRV", c.mp4(124), None),
                             file("GX010123.THM", c.jpeg(123), None)])
    cases += group("captions", [file("Client Spot 30s - final.mp4", c.mp4(31), "videos", small=True),
                                file("Client Spot 30s - final.srt", f.srt("Made for the way you work.", 1), None,
                                     small=True),
                                file("Client Spot 30s - final.es.srt", f.srt("Hecho para tu forma de trabajar.", 2),
                                     None)])
    cases += group("comp frames", [file(f"shot010_comp_v003.{n}.exr", f.openexr(1000 + n), "images", expect=FRAMES)
                                   for n in range(1001, 1013)])
    for n in range(1, 15):
        cases += _clip_pair(n, small=n <= 2)
    return _dated(cases, 100)


def editor_folder(size):
    """A video editor's working folder: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_camera_original, _export, _edit_asset, _statement, _camera_original, _edit_asset, _screenshot]
    return _sized("video-editor", size, _editor_cases(), makers)
