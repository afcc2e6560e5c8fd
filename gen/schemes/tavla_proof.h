// tavla_proof (to be written).
#pragma once
