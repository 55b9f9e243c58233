"""A Chinese small law practice's Desktop (`--lang zh`), written before
tidyup's planner was taught anything about it: fully digital e-invoices
downloaded as PDF, OFD and XML of one name beside the user's 发票 folder,
loose files of a client matter beside the matter's folder (the name of
both starts with the matter's number), bank statements beside
2025年对账单, an Alibaba Cloud AccessKey and the firm's certificate among
harmless files whose names sound like secrets."""
import contents as c
from folders_makers import EMPTY
from folders_office_zh import _ofd
from folders_personas import _copy, _dated, _sized
from items import file, group, in_use, into, secret, stays

MATTERS = ["2024-017 Chen v. Wang", "2024-023 华宇公司股权转让", "2025-004 李某劳动争议", "2025-011 远航物流合同纠纷"]
SELLERS = ["北京滴滴出行科技有限公司", "中国移动通信集团上海有限公司", "上海顺丰速运有限公司", "上海携程国际旅行社有限公司",
           "京东五星电器集团有限公司", "上海汉庭酒店管理有限公司", "中国石化销售股份有限公司上海石油分公司"]


def _fapiao_xml(number, seller, amount):
    return c.text(f'<?xml version="1.0" encoding="UTF-8"?>\n<EInvoice><Header><EIid>{number}</EIid>'
                  f'<EInvoiceTag>SWEI3100</EInvoiceTag><Version>0.1</Version></Header><EInvoiceData>'
                  f'<SellerInformation><SellerName>{seller}</SellerName></SellerInformation>'
                  f'<BuyerInformation><BuyerName>上海某某律师事务所</BuyerName></BuyerInformation>'
                  f'<BasicInformation><TotalTax-includedAmount>{amount}</TotalTax-includedAmount>'
                  f'</BasicInformation></EInvoiceData></EInvoice>\n')


def _fapiao_set(n, seller, stamp, small=False):
    """A fully digital e-invoice as the tax platform downloads it: PDF,
    OFD and XML of one name, into the user's 发票 folder together."""
    number = f"25312000000{n:09d}"
    stem = f"dzfp_{number}_{seller}_{stamp}"
    amount = f"{100 + n * 37 % 900}.00"
    return group(stem, [
        into("发票", file(f"{stem}.pdf", c.pdf(f"Fapiao {number} {amount}"), "documents", small=small)),
        into("发票", file(f"{stem}.ofd", _ofd(f"电子发票 {number}"), "documents", small=small)),
        into("发票", file(f"{stem}.xml", _fapiao_xml(number, seller, amount), "documents", small=small)),
    ])


def _matter_file(i, rng):
    matter = rng.choice(MATTERS)
    doc = rng.choice(["起诉状", "答辩状", "代理词", "证据目录", "质证意见", "律师函", "法律意见书", "会见笔录",
                      "授权委托书", "庭审提纲", "和解协议"])
    ext, data = rng.choice([("docx", c.docx(f"{matter} {doc} {i}")), ("pdf", c.pdf(f"Matter {i}")),
                            ("wps", c.ole(50_000 + i))])
    return into(matter, file(f"{matter} {doc}（第{i + 1}稿）.{ext}", data, "documents"))


def _single_fapiao(i, rng):
    seller = rng.choice(SELLERS)
    stamp = f"2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(8, 20):02d}{i % 60:02d}00"
    number = f"25442000000{i:09d}"
    if rng.random() < 0.5:
        return into("发票", file(f"dzfp_{number}_{seller}_{stamp}.pdf", c.pdf(f"Fapiao {number}"), "documents"))
    return into("发票", file(f"电子发票_{seller}_{stamp}.ofd", _ofd(f"电子发票 {number}"), "documents"))


def _statement(i, rng):
    bank = rng.choice(["招商银行", "工商银行", "建设银行", "浦发银行", "中国银行", "交通银行"])
    month = rng.randrange(1 if bank != "招商银行" else 3, 13)
    return into("2025年对账单", file(f"{bank}对账单_2025{month:02d}.pdf", c.pdf(f"Statement {bank} {i}"),
                                     "documents"))


def _office(i, rng):
    stamp = f"2025{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}{rng.randrange(8, 22):02d}" \
            f"{rng.randrange(0, 60):02d}{rng.randrange(0, 60):02d}"
    name, data, kind = rng.choice([
        (f"微信图片_{stamp}.jpg", c.jpeg(51_000 + i), "images"),
        (f"微信截图_{stamp}.png", c.png(51_000 + i), "images"),
        (f"扫描全能王 {stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[8:10]}.{stamp[10:12]}.pdf",
         c.pdf(f"Scan {i}"), "documents"),
        (f"录音_{stamp}.amr", b"#!AMR\n" + i.to_bytes(8, "big"), "audio"),
        (f"庭审录音_{stamp[:8]}_{i}.mp3", c.mp3(51_000 + i), "audio"),
        (f"合同审查清单{i}.et", c.ole(52_000 + i), "documents"),
        (f"培训课件{i}.dps", c.ole(53_000 + i), "documents"),
        (f"律所周报{i}.wps", c.ole(54_000 + i), "documents"),
        (f"（2024）沪0105民初{1000 + i}号民事判决书.ofd", _ofd(f"民事判决书 {i}"), "documents"),
    ])
    return file(name, data, kind)


def _law_cases():
    poa = file("授权委托书.docx", c.docx("授权委托书 委托人陈某"), "documents", small=True)
    cases = [
        stays("发票", {"dzfp_25312000000011112222_上海顺丰速运有限公司_20250115093000.pdf": c.pdf("Fapiao SF 0115"),
                       "dzfp_25312000000011112222_上海顺丰速运有限公司_20250115093000.ofd": _ofd("电子发票 顺丰 0115"),
                       "电子发票_北京滴滴出行科技有限公司_20250203.ofd": _ofd("电子发票 滴滴 0203")}, small=True),
        stays("2025年对账单", {"招商银行对账单_202501.pdf": c.pdf("CMB statement 2025-01"),
                               "招商银行对账单_202502.pdf": c.pdf("CMB statement 2025-02")}, small=True),
        stays(MATTERS[0], {f"{MATTERS[0]} 委托合同.pdf": c.pdf("Engagement Chen"),
                           f"{MATTERS[0]} 证据目录.docx": c.docx("证据目录 陈诉王")}, small=True),
        stays(MATTERS[1], {f"{MATTERS[1]} 尽职调查清单.xlsx": c.xlsx("尽调清单 华宇"),
                           f"{MATTERS[1]} 股权转让协议（草稿）.docx": c.docx("股权转让协议 草稿")}, small=True),
        stays(MATTERS[2], {f"{MATTERS[2]} 劳动合同.pdf": c.pdf("Labour contract Li")}),
        stays(MATTERS[3], {f"{MATTERS[3]} 运输合同.pdf": c.pdf("Transport contract Yuanhang")}),
        into(MATTERS[0], file(f"{MATTERS[0]} 起诉状.docx", c.docx("民事起诉状 陈某诉王某"), "documents", small=True)),
        into(MATTERS[0], file(f"{MATTERS[0]} 代理词.docx", c.docx("代理词 陈某诉王某"), "documents")),
        into(MATTERS[0], file(f"{MATTERS[0]} 庭审笔录.pdf", c.pdf("Hearing record Chen v Wang"), "documents",
                              small=True)),
        into(MATTERS[1], file(f"{MATTERS[1]} 股权转让协议（修订稿）.docx", c.docx("股权转让协议 修订稿"), "documents",
                              small=True)),
        into(MATTERS[1], file(f"{MATTERS[1]} 法律意见书.pdf", c.pdf("Legal opinion Huayu"), "documents")),
        into(MATTERS[2], file(f"{MATTERS[2]} 劳动仲裁申请书.wps", c.ole(7), "documents")),
        into("2025年对账单", file("招商银行对账单_202503.pdf", c.pdf("CMB statement 2025-03"), "documents",
                                  small=True)),
        into("2025年对账单", file("工商银行对账单_202503.pdf", c.pdf("ICBC statement 2025-03"), "documents")),
        file("招商银行对账单_202412.pdf", c.pdf("CMB statement 2024-12"), "documents",
             expect=("documents", "2024年对账单"), small=True),
        into("发票", file("电子发票_上海携程国际旅行社有限公司_20250310.ofd", _ofd("电子发票 携程 0310"), "documents",
                          small=True)),
        file("起诉状模板.docx", c.docx("民事起诉状 模板"), "documents", small=True),
        file("（2024）沪0105民初1234号民事判决书.ofd", _ofd("民事判决书 1234"), "documents", small=True),
        file("扫描全能王 2025-03-12 10.15.pdf", c.pdf("Scan 2025-03-12"), "documents", small=True),
        file("录音_20250312101530.amr", b"#!AMR\n\x3c\x48\xf5\x1f", "audio", small=True),
        file("律所周报.wps", c.ole(8), "documents", small=True),
        file("收费标准.et", c.ole(9), "documents"),
        file("微信图片_20250312101530.jpg", c.jpeg(12), "images", small=True),
        secret("AccessKey.csv", c.text("AccessKey ID,AccessKey Secret\n"
                                       "LTAI5tExampleKeyId0000000,ExampleSecretExampleSecret0000\n"), small=True),
        secret("律所数字证书.pfx", c.der(21), small=True),
        file("秘书排班表.xlsx", c.xlsx("秘书排班 2025年3月"), "documents", small=True),
        file("键盘快捷键.pdf", c.pdf("WPS keyboard shortcuts"), "documents", small=True),
        file("密钥管理制度.docx", c.docx("律所信息安全 密钥管理制度"), "documents", small=True),
        file("新建文本文档.txt", b"", None, expect=EMPTY, small=True),
        file("备忘.txt", b"", None, expect=EMPTY, small=True),
        poa,
        _copy(poa, "授权委托书(1).docx", expect=("documents", "dup"), small=True),
        in_use("~$律所周报.docx", b"\x06wangli" + b"\x00" * 40),
        file("律所周报.docx", c.docx("律所周报 第11周"), "documents", expect=("documents", "stay")),
        file("WeChatSetup.exe", c.exe(31), "installers", small=True),
        stays(".DS_Store", b"\x00\x00\x00\x01Bud1"),
    ]
    cases += _fapiao_set(1, SELLERS[0], "20250312101530", small=True)
    for n, seller in enumerate(SELLERS[1:] * 2, 2):
        cases += _fapiao_set(n, seller, f"2025{n % 12 + 1:02d}{n + 3:02d}1{n % 10}3000")
    return _dated(cases, 140)


def law_office_zh(size):
    """A Chinese small law practice's Desktop: `size` "large" (about 300) or "small" (about 40)."""
    makers = [_matter_file, _single_fapiao, _office, _statement, _matter_file, _office]
    return _sized("law-office-zh", size, _law_cases(), makers)
