/*
 * bcryptprimitives.dll for Wine 8, which lacks it. Rust's standard library
 * (1.78 and later) takes its random bytes from ProcessPrng in this DLL;
 * this stand-in forwards to BCryptGenRandom, which Wine 8 has. It is built
 * and installed into the CI's Wine prefix only, never shipped with tidyup.
 */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, chunk,
                                            BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
