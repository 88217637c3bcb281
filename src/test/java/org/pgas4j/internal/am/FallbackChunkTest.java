package org.pgas4j.internal.am;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How large a piece the active-message fallback sends to an owner. */
class FallbackChunkTest {
    private static final long MEDIUM_OF_A_1M_RING = (1 << 20) / 8 - 112;

    @Test
    void throughSharedMemoryThePieceIsTheSetting() {
        assertEquals(16 << 10, AmRmaFallback.chunk(true, false, 16 << 10, MEDIUM_OF_A_1M_RING, MEDIUM_OF_A_1M_RING));
        assertEquals(1032, AmRmaFallback.chunk(true, false, 1032, MEDIUM_OF_A_1M_RING, MEDIUM_OF_A_1M_RING));
    }

    @Test
    void overANetworkThePieceIsUpTo256KibWhateverTheSetting() {
        assertEquals(256 << 10, AmRmaFallback.chunk(false, false, 16 << 10, 1 << 20, 1 << 20));
        assertEquals(MEDIUM_OF_A_1M_RING & -8, AmRmaFallback.chunk(false, false, 16 << 10, MEDIUM_OF_A_1M_RING,
                MEDIUM_OF_A_1M_RING));
    }

    @Test
    void whereASideIsAGpusMemoryThePieceIsUpTo256KibOverSharedMemoryToo() {
        assertEquals(MEDIUM_OF_A_1M_RING & -8, AmRmaFallback.chunk(true, true, 16 << 10, MEDIUM_OF_A_1M_RING,
                MEDIUM_OF_A_1M_RING));
        assertEquals(256 << 10, AmRmaFallback.chunk(true, true, 16 << 10, 1 << 20, 1 << 20));
        assertEquals(256 << 10, AmRmaFallback.chunk(false, true, 16 << 10, 1 << 20, 1 << 20));
    }

    @Test
    void onlyTheGpuClassesCountAsAGpusMemory() {
        for (org.pgas4j.MemoryKindClass c : org.pgas4j.MemoryKindClass.values()) {
            boolean gpu = c == org.pgas4j.MemoryKindClass.CUDA_UVA || c == org.pgas4j.MemoryKindClass.HIP
                    || c == org.pgas4j.MemoryKindClass.ZE;
            assertEquals(gpu, AmRmaFallback.isGpu(c), c.name());
        }
    }

    @Test
    void neverMoreThanTheSmallerLanesMediumAndAlwaysAMultipleOfEight() {
        assertEquals(8000, AmRmaFallback.chunk(true, false, 16 << 10, 9000, 8003));
        assertEquals(8000, AmRmaFallback.chunk(false, false, 16 << 10, 8007, 9000));
        assertEquals(1024, AmRmaFallback.chunk(true, false, 1031, 1 << 20, 1 << 20));
    }
}
