//go:build amd64 && !purego

#include "textflag.h"

// func addScaledAVX512(dst, src []uint64, k uint64)
TEXT ·addScaledAVX512(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	VPBROADCASTQ k+48(FP), Z0
	SHRQ $3, CX
	JZ   done

loop:
	VMOVDQU64 (SI), Z1
	VPMULLQ   Z0, Z1, Z1
	VPADDQ    (DI), Z1, Z1
	VMOVDQU64 Z1, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	DECQ      CX
	JNZ       loop

done:
	VZEROUPPER
	RET

// func carryIntoAVX512(p, q []uint64, b, mask uint64)
TEXT ·carryIntoAVX512(SB), NOSPLIT, $0-64
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ q_base+24(FP), DI
	MOVQ b+48(FP), X2
	VPBROADCASTQ mask+56(FP), Z3
	SHRQ $3, CX
	JZ   done

loop:
	VMOVDQU64 (SI), Z1
	VPSRLQ    X2, Z1, Z4
	VPADDQ    (DI), Z4, Z4
	VMOVDQU64 Z4, (DI)
	VPANDQ    Z3, Z1, Z1
	VMOVDQU64 Z1, (SI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	DECQ      CX
	JNZ       loop

done:
	VZEROUPPER
	RET
